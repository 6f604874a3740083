// `ssg hook <name>`: picks the hook entry point. Hooks always exit 0 — Claude Code reads exit 2 as "block",
// and a mistyped hook command must not block the agent — so mistakes only leave a line on stderr.
import { runHookEval } from './hook-eval';
import { writeFd } from './write-fd';

export function runHook(argv: readonly string[]): void {
  const [name, ...rest] = argv;
  if (name === 'eval' && rest.length === 0) {
    const { stdout, stderr } = runHookEval();
    if (stderr.length > 0) writeFd(2, `${stderr.join('\n')}\n`);
    if (stdout) writeFd(1, `${stdout}\n`);
    return;
  }
  if (name === undefined || argv.includes('--help') || argv.includes('-h')) {
    writeFd(1, 'Usage: ssg hook eval   (Claude Code PreToolUse hook; details: `ssg help hook`)\n');
    return;
  }
  const problem = name === 'eval' ? `unexpected argument '${rest[0]}'` : `unknown hook '${name}'`;
  writeFd(
    2,
    `ssg hook: ${problem} — install \`ssg hook eval\` as Claude Code's PreToolUse hook (see \`ssg help hook\`)\n`,
  );
}
