#!/usr/bin/env node
// Test support: a stand-in for the `claude` executable that speaks to ssg exactly as Claude Code does — through
// the status line and hook commands given in `--settings` — so the pty host's switching can be tested in a
// second. Lines typed into it are commands: `limit` reports a usage limit (StopFailure + the limit text),
// `throttle` a server throttle, `status <percent>` a status line, `say <text>` prints, `/exit` ends it.
// The real Claude Code is driven in e2e/hosts/claude-code-account-switch.test.ts.
import { execSync } from 'node:child_process';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const account = process.env.CLAUDE_CONFIG_DIR ?? 'default';
if (args[0] === 'auth' && args[1] === 'login') {
  process.stdout.write(`fake login for ${account}\r\n`);
  setTimeout(() => process.exit(0), 200);
} else {
  const settings = JSON.parse(option('--settings') ?? '{}');
  const resumed = option('--resume');
  const sessionId = resumed ?? option('--session-id');
  const prompt = resumed ? args[args.indexOf('--settings') + 2] : undefined;
  const run = (command, input) => execSync(command, { input: JSON.stringify(input), shell: '/bin/sh' }).toString();
  const hook = (event, fields) => {
    for (const group of settings.hooks?.[event] ?? []) {
      for (const h of group.hooks)
        run(h.command, { session_id: sessionId, hook_event_name: event, cwd: process.cwd(), ...fields });
    }
  };
  // Raw before anything is printed: a test types as soon as it sees the banner.
  process.stdin.setRawMode?.(true);
  process.stdout.write(`fake claude on ${account}, session ${sessionId}${prompt ? `, prompt: ${prompt}` : ''}\r\n`);
  hook('SessionStart', { source: resumed ? 'resume' : 'startup' });
  let line = '';
  process.stdin.on('data', (data) => {
    for (const char of data.toString()) {
      if (char === '\x1b') continue;
      if (char !== '\r' && char !== '\n') {
        line += char;
        continue;
      }
      const [command, ...rest] = line.trim().split(' ');
      line = '';
      if (command === '/exit') process.exit(0);
      if (command === 'say') process.stdout.write(`${rest.join(' ')}\r\n`);
      if (command === 'status') {
        const used = Number(rest[0]);
        const status = run(settings.statusLine.command, {
          session_id: sessionId,
          rate_limits: { five_hour: { used_percentage: used, resets_at: Math.floor(Date.now() / 1000) + 3600 } },
        });
        process.stdout.write(`${status.trim()}\r\n`);
      }
      if (command === 'limit') {
        const text = "You've hit your 5-hour limit · resets 1:16pm (UTC)";
        process.stdout.write(`  ⎿  ${text}\r\n`);
        hook('StopFailure', { error: 'rate_limit', last_assistant_message: text });
      }
      if (command === 'screen-limit')
        process.stdout.write("  ⎿  You've hit your 5-hour limit · resets 1:16pm (UTC)\r\n");
      if (command === 'throttle') {
        hook('StopFailure', {
          error: 'rate_limit',
          last_assistant_message:
            'API Error: Server is temporarily limiting requests (not your usage limit) · retrying',
        });
      }
    }
  });
  process.stdin.on('end', () => process.exit(0));
}
