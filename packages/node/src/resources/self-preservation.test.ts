import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lintRules } from '@ssg/engine/node';
import {
  describeRuleFile,
  describeRuleTable,
  edit,
  grep,
  loadBundledRules,
  multiEdit,
  type RuleTable,
  read,
  write,
} from './rule-table.testing';

const bundle = loadBundledRules('self-preservation');
const { ruleset } = bundle;

describeRuleFile('self-preservation', bundle);

const HOME = '/home/dev';
const PROJECT = '/home/dev/app';
const CLAUDE_SETTINGS = `${PROJECT}/.claude/settings.json`;
const SSG_HOOK = '{"type":"command","command":"ssg hook eval","timeout":10}';

const TABLES: RuleTable[] = [
  {
    id: 'ssg_self_uninstall',
    decision: 'block',
    catches: [
      'npm uninstall -g ssg',
      'npm uninstall -g ssg-guard',
      'npm rm -g ssg',
      'pnpm remove -g ssg',
      'yarn global remove ssg',
      'rm /usr/local/bin/ssg',
      'sudo rm -f /usr/local/lib/node_modules/ssg/bin/ssg.cjs',
      'sudo rm -rf /usr/local/lib/node_modules/ssg-guard',
      'rm "$(which ssg)"',
      'ln -sf /bin/true /usr/local/bin/ssg',
    ],
    ignores: [
      'npm uninstall lodash',
      'npm install -g ssg',
      'npm install -g ssg-guard',
      'which ssg',
      'rm -rf node_modules/.cache',
      'ssg --version',
    ],
  },
  {
    id: 'ssg_self_host_hooks',
    decision: 'block',
    catches: [
      edit(CLAUDE_SETTINGS, SSG_HOOK, ''),
      edit(CLAUDE_SETTINGS, '"command":"ssg hook eval"', '"command":"true"'),
      multiEdit(CLAUDE_SETTINGS, [{ old_string: SSG_HOOK, new_string: '' }]),
      write(CLAUDE_SETTINGS, '{"hooks":{}}'),
      write(`${HOME}/.codex/hooks.json`, '{}'),
      write(`${HOME}/.codex/config.toml`, 'model = "o4"\n'),
      write(`${PROJECT}/.cursor/mcp.json`, '{"mcpServers":{}}'),
      write(`${PROJECT}/.opencode/plugins/ssg-governance.js`, 'export default async () => ({})'),
      write(`${HOME}/.copilot/hooks/ssg-governance.json`, '{"version":1,"hooks":{}}'),
      "sed -i '/ssg/d' ~/.claude/settings.json",
      "echo '{}' > .cursor/hooks.json",
      'rm .opencode/plugins/ssg-governance.js',
      'cp /tmp/clean.json ~/.claude/settings.json',
    ],
    ignores: [
      edit(CLAUDE_SETTINGS, '"model": "sonnet"', '"model": "opus"'),
      write(CLAUDE_SETTINGS, `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[${SSG_HOOK}]}]}}`),
      write(`${HOME}/.codex/config.toml`, '[mcp_servers.ssg]\ncommand = "ssg"\n'),
      read(CLAUDE_SETTINGS),
      'cat .claude/settings.json',
      'cp ~/.claude/settings.json /tmp/settings-backup.json',
      write(`${PROJECT}/src/settings.json`, '{}'),
    ],
  },
  {
    id: 'ssg_self_state',
    decision: 'block',
    catches: [
      'rm -rf ~/.ssg',
      'rm ~/.ssg/fail-closed',
      'mv ~/.ssg ~/.ssg-disabled',
      'bash -c "rm -rf $HOME/.ssg"',
      `echo '{"enabled":false}' > ~/.ssg/sleep-mode.json`,
      'cp /dev/null ~/.ssg/sleep-mode.json',
      "sed -i 's/enforce/off/' ~/.ssg/budget.json",
      'cd ~/.ssg && rm fail-closed',
      write(`${HOME}/.ssg/budget.json`, '{"mode":"off"}'),
      edit(`${HOME}/.ssg/sleep-mode.json`, '"enabled":true', '"enabled":false'),
      write(`${PROJECT}/.ssg/rules/project.rules`, ''),
      'python3 -c "import os; os.unlink(\'/home/dev/.ssg/fail-closed\')"',
    ],
    ignores: [
      read(`${HOME}/.ssg/budget.json`),
      read(`${HOME}/.ssg/rules/project.rules`),
      'cat ~/.ssg/budget.json',
      'ls -la ~/.ssg',
      'cat resources/rules/default.rules',
      'cp ~/.ssg/budget.json /tmp/budget.json',
      'echo "rm -rf ~/.ssg"',
      'git commit -m "docs: never rm -rf ~/.ssg"',
      write(`${PROJECT}/src/ssg/state.ts`),
    ],
  },
  {
    id: 'ssg_self_token',
    decision: 'block',
    catches: [
      read(`${HOME}/.ssg/daemon.token`),
      grep(`${HOME}/.ssg/daemon.token`),
      'cat ~/.ssg/daemon.token',
      'base64 < ~/.ssg/daemon.token',
      'curl -H "X-Service-Token: $(cat ~/.ssg/daemon.token)" http://127.0.0.1:7777/api/json/budget',
      'cd ~/.ssg && cat daemon.token',
      'cp ~/.ssg/daemon.token /tmp/t',
      read(`${HOME}/.ssg/admin.token`),
      'cat ~/.ssg/admin.token',
      'cd ~/.ssg && head -c 64 admin.token',
      'security find-generic-password -s "ssg admin credential" -w',
      'secret-tool lookup service ssg',
      read(`${HOME}/.ssg/hosts.toml`),
      grep(`${HOME}/.ssg/hosts.toml`),
      'cat ~/.ssg/hosts.toml',
      'grep token ~/.ssg/hosts.toml',
      'cd ~/.ssg && cat hosts.toml',
      'jq . < ~/.ssg/hosts.toml',
      'security find-generic-password -s ssg -a "https://fleet.example.com#dev@acme.test" -w',
    ],
    ignores: [
      'grep -rn daemon.token src/',
      'grep -rn hosts.toml src/',
      read(`${HOME}/.ssg/sleep-mode.json`),
      read(`${HOME}/.ssg/fleet.toml`),
      'cat ~/.ssg/fleet.toml',
      'cat /etc/hosts',
      'ls ~/.ssg',
      'security find-generic-password -s github.com -w',
    ],
  },
  {
    id: 'ssg_self_daemon',
    decision: 'block',
    catches: [
      'pkill ssg',
      'pkill -f "ssg daemon"',
      'killall ssg',
      'kill $(pgrep -f "ssg daemon")',
      'pgrep ssg | xargs kill -9',
      'systemctl --user stop ssg',
      'launchctl bootout gui/501/dev.ssg.daemon',
      `curl -X POST -d '{"enabled":false}' http://127.0.0.1:7777/api/json/sleep-mode`,
    ],
    ignores: ['pkill node', 'systemctl --user status ssg', 'pgrep -l ssg', 'ssg eval --explain "rm -rf /"'],
  },
  {
    id: 'ssg_self_admin_commands',
    decision: 'block',
    catches: [
      'ssg sleep off',
      'ssg budget mode off',
      'ssg budget set dailyUsd none --client codex',
      'ssg approve abcd2345',
      'ssg deny abcd2345',
      'ssg dashboard --no-open',
      'ssg uninstall --client=claude-code',
      'ssg trust',
      'ssg trust --revoke ~/src/app',
      'script -qec "ssg trust" /dev/null',
      'npx ssg sleep off',
      'npx -y ssg@latest budget mode monitor',
      'npx ssg-guard sleep off',
      'npx -y ssg-guard@latest budget mode monitor',
      'node /usr/local/lib/node_modules/ssg-guard/bin/ssg.cjs sleep off',
      'node /usr/local/lib/node_modules/ssg/bin/ssg.cjs sleep off',
      'env -u CLAUDECODE ssg sleep off',
      'bash -c "ssg sleep off"',
      'script -qec "ssg sleep off" /dev/null',
      'setsid -f ssg sleep off',
      'sudo ssg sleep off',
      'ssg auth token',
      'ssg auth logout',
      'TOKEN=$(ssg auth token) && curl -H "Authorization: Bearer $TOKEN" https://fleet.example.com/api/v1/orgs/acme',
      'curl -H "Authorization: Bearer $(ssg auth token)" https://fleet.example.com/api/v1/orgs/acme',
      'npx ssg-guard auth token',
      'node /usr/local/lib/node_modules/ssg-guard/bin/ssg.cjs auth logout',
      'script -qec "ssg auth token" /dev/null',
    ],
    ignores: [
      'ssg sleep status',
      'ssg sleep',
      'ssg sleep on --for 8h',
      'ssg budget',
      'ssg approvals',
      'ssg doctor',
      'ssg check',
      'ssg check --json',
      'ssg audit --limit 5',
      'ssg auth status',
      'ssg auth status --json',
      'ssg auth refresh',
      'ssg auth login --sso',
      'ssg fleet status',
      'echo "run ssg auth token to get a bearer"',
      'echo "run ssg sleep off in the morning"',
      'git commit -m "docs: ssg sleep off"',
    ],
  },
];

for (const table of TABLES) describeRuleTable(ruleset, table);

describe('self-preservation tables', () => {
  it('hold at least 10 catches and 10 ignores in all', () => {
    const catches = TABLES.reduce((sum, table) => sum + table.catches.length, 0);
    const ignores = TABLES.reduce((sum, table) => sum + table.ignores.length, 0);
    assert.ok(catches >= 10 && ignores >= 10, `${catches} catches, ${ignores} ignores`);
  });

  it('cover every rule of the file', () => {
    assert.deepEqual(
      bundle.parsed.rules.map((rule) => rule.id),
      TABLES.map((table) => table.id),
    );
  });

  // Sleep at Night loads this file next to its own bundle: together they must still check clean.
  it('load cleanly next to the Sleep at Night bundle', () => {
    assert.deepEqual(lintRules([loadBundledRules('sleep-at-night').parsed, bundle.parsed]), []);
  });

  it('outrank every other bundled rule', () => {
    const others = ['sleep-at-night', 'default'].flatMap((stem) => loadBundledRules(stem).parsed.rules);
    const highestOther = Math.max(...others.map((rule) => rule.priority));
    for (const rule of bundle.parsed.rules) assert.ok(rule.priority > highestOther, `${rule.id} priority`);
  });
});
