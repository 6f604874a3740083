// `ssg hook <name>`: picks the hook entry point. `ssg hook eval` always exits 0 — Claude Code reads exit 2 as
// "block", and a mistyped hook command must not block the agent — so mistakes only leave a line on stderr.
// `ssg hook shell` answers with its exit code (0 run, 1 do not run), for the shell-level hooks.
import type { ExitCode } from '../../cli/exit-codes';
import { runHookEval } from './hook-eval';
import { runHookShell } from './shell';
import { writeFd } from './write-fd';

export function runHook(argv: readonly string[]): ExitCode {
  const [name, ...rest] = argv;
  if (name === 'eval' && rest.length === 0) {
    const { stdout, stderr } = runHookEval();
    if (stderr.length > 0) writeFd(2, `${stderr.join('\n')}\n`);
    if (stdout) writeFd(1, `${stdout}\n`);
    return 0;
  }
  if (name === 'shell' && !rest.includes('--help') && !rest.includes('-h')) {
    const { exitCode, stderr } = runHookShell(rest);
    if (stderr.length > 0) writeFd(2, `${stderr.join('\n')}\n`);
    return exitCode;
  }
  if (name === undefined || argv.includes('--help') || argv.includes('-h')) {
    writeFd(
      1,
      'Usage: ssg hook eval   (Claude Code PreToolUse hook)\n' +
        '       ssg hook shell  (verdict on a shell command, for the shell hooks; details: `ssg help hook`)\n',
    );
    return 0;
  }
  const problem = name === 'eval' ? `unexpected argument '${rest[0]}'` : `unknown hook '${name}'`;
  writeFd(
    2,
    `ssg hook: ${problem} — install \`ssg hook eval\` as Claude Code's PreToolUse hook (see \`ssg help hook\`)\n`,
  );
  return 0;
}
