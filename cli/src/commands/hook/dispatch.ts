// `ssg hook <name>`: picks the hook entry point. `ssg hook eval` always exits 0 — Claude Code reads exit 2 as
// "block", and a mistyped hook command must not block the agent — so mistakes only leave a line on stderr.
// `ssg hook shell` answers with its exit code (0 run, 1 do not run), for the shell-level hooks. The hooks of the
// other hosts (codex, copilot, opencode) exit 0 too: their hosts read anything else as a failed hook.
import type { ExitCode } from '../../cli/exit-codes';
import { type HookOutput, runHookEval } from '@ssg/hosts/claude-code/hook';
import { runHookShell } from '@ssg/hosts/hook/shell-hook';
import { hostHookNamed } from '@ssg/hosts/hooks';
import { writeFd } from './write-fd';

export async function runHook(argv: readonly string[]): Promise<ExitCode> {
  const [name, ...rest] = argv;
  if (name === 'eval' && rest.length === 0) return writeHookOutput(await runHookEval());
  const hostHook = hostHookNamed(name);
  if (hostHook && !rest.includes('--help') && !rest.includes('-h')) return writeHookOutput(await hostHook(rest));
  if (name === 'shell' && !rest.includes('--help') && !rest.includes('-h')) {
    const { exitCode, stderr } = await runHookShell(rest);
    if (stderr.length > 0) writeFd(2, `${stderr.join('\n')}\n`);
    return exitCode;
  }
  if (name === undefined || argv.includes('--help') || argv.includes('-h')) {
    writeFd(
      1,
      'Usage: ssg hook eval                    (Claude Code PreToolUse hook)\n' +
        '       ssg hook codex --source=native   (Codex CLI PreToolUse hook)\n' +
        '       ssg hook copilot                 (GitHub Copilot CLI preToolUse/postToolUse hook)\n' +
        "       ssg hook opencode                (for ssg's OpenCode plugin; needs a license)\n" +
        '       ssg hook shell                   (verdict on a shell command, for the shell hooks)\n' +
        'Details: `ssg help hook`\n',
    );
    return 0;
  }
  const problem = name === 'eval' ? `unexpected argument '${rest[0]}'` : `unknown hook '${name}'`;
  writeFd(
    2,
    `ssg hook: ${problem} — the hooks are eval (Claude Code), codex, copilot, opencode and shell (see \`ssg help hook\`)\n`,
  );
  return 0;
}

function writeHookOutput({ stdout, stderr }: HookOutput): ExitCode {
  if (stderr.length > 0) writeFd(2, `${stderr.join('\n')}\n`);
  if (stdout) writeFd(1, `${stdout}\n`);
  return 0;
}
