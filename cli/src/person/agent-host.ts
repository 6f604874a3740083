// Whether this `ssg` runs under an agent host, so that a command which lowers protection must first be confirmed by
// a person. Two signs, either one enough:
// - the environment: hosts mark the processes their agents start (MARKERS; docs/security.md lists how each was
//   verified); an agent can unset them (`env -u`), which the self-protection rules see and deny;
// - the process ancestry: a host's own program above us (Linux: /proc). An agent cannot change its ancestors, only
//   escape them by double-forking (`setsid -f`, `nohup … &`), which the rules deny around `ssg` as well.
// Neither is a wall against a same-user process that does all of that; they make the honest path the easy one and
// every other path a rule violation. What is promised against whom is in docs/security.md.
import { basename } from 'node:path';
import { processAncestry } from './process-ancestry';

/**
 * Environment variables an agent host sets on the commands its agent runs, with the host they name. Verified with
 * the real CLIs (a shell tool call running `env`, docs/security.md): Claude Code 2.1, Codex 0.169, Copilot CLI
 * 1.0, OpenCode 1.18; Gemini CLI's and Cursor's from their documentation.
 */
export const MARKERS: ReadonlyArray<{ variable: string; host: string }> = [
  { variable: 'CLAUDECODE', host: 'Claude Code' },
  { variable: 'CLAUDE_CODE_ENTRYPOINT', host: 'Claude Code' },
  { variable: 'CODEX_CI', host: 'Codex' },
  { variable: 'CODEX_THREAD_ID', host: 'Codex' },
  { variable: 'CODEX_MANAGED_BY_NPM', host: 'Codex' },
  { variable: 'CODEX_SANDBOX', host: 'Codex' },
  { variable: 'COPILOT_CLI', host: 'GitHub Copilot CLI' },
  { variable: 'COPILOT_AGENT_SESSION_ID', host: 'GitHub Copilot CLI' },
  { variable: 'OPENCODE', host: 'OpenCode' },
  { variable: 'OPENCODE_PID', host: 'OpenCode' },
  { variable: 'GEMINI_CLI', host: 'Gemini CLI' },
  { variable: 'CURSOR_AGENT', host: 'Cursor' },
  { variable: 'AI_AGENT', host: 'an AI agent' },
];

/** Program names of agent hosts, as they appear as a process's program or its script (node hosts). */
export const HOST_PROGRAMS: ReadonlyMap<string, string> = new Map([
  ['claude', 'Claude Code'],
  ['codex', 'Codex'],
  ['copilot', 'GitHub Copilot CLI'],
  ['opencode', 'OpenCode'],
  ['cursor-agent', 'Cursor'],
  ['gemini', 'Gemini CLI'],
  ['aider', 'Aider'],
  ['goose', 'Goose'],
]);

/** The agent host this process runs under, or undefined when there is no sign of one. */
export function agentHostOf(
  env: NodeJS.ProcessEnv,
  ancestry: () => ReadonlyArray<readonly string[]> = processAncestry,
): string | undefined {
  for (const { variable, host } of MARKERS) if (env[variable]) return host;
  for (const argv of ancestry()) {
    for (const word of argv.slice(0, 2)) {
      const host = HOST_PROGRAMS.get(basename(word).replace(/\.(c?js|mjs|exe)$/, ''));
      if (host) return host;
    }
  }
  return undefined;
}
