import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { parse as parseToml } from 'smol-toml';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';
import { bundledRulesDir } from '@ssg/node/resources';

/** claude-code's default scope is the user's: HOME is the workspace root. */
const SETTINGS = '.claude/settings.json';
const PROJECT_SETTINGS = 'project/.claude/settings.json';

describe('ssg init / ssg uninstall (built CLI)', () => {
  before(() => ensureBuilt());

  function withWorkspace(body: (ws: Workspace) => void | Promise<void>): () => Promise<void> {
    return async () => {
      const ws = new Workspace();
      try {
        await body(ws);
      } finally {
        ws.cleanup();
      }
    };
  }

  it(
    'installs claude-code, prints what it did, and does nothing the second time',
    withWorkspace((ws) => {
      const first = ws.run(['init', '--client=claude-code']);
      assert.equal(first.status, 0, first.stderr);
      assert.match(
        first.stdout,
        /^claude-code installed \(project .*project\)\n {2}created {2}.*\.claude\/settings\.json — PreToolUse hook `ssg hook eval`\n/,
      );
      assert.match(first.stdout, /Manual steps:\n {2}1\. Restart running Claude Code sessions/);
      const path = join(ws.root, SETTINGS);
      const written = readFileSync(path, 'utf8');
      const mtime = statSync(path).mtimeMs;

      const second = ws.run(['init', '--client', 'claude-code', '--dir', ws.project], { cwd: ws.root });
      assert.equal(second.status, 0, second.stderr);
      assert.match(second.stdout, /^claude-code already installed, nothing changed/);
      assert.match(second.stdout, /unchanged {2}.*settings\.json/);
      assert.equal(readFileSync(path, 'utf8'), written);
      assert.equal(statSync(path).mtimeMs, mtime);

      const removed = ws.run(['uninstall', '--client=claude-code']);
      assert.equal(removed.status, 0, removed.stderr);
      assert.match(removed.stdout, /^claude-code uninstalled .*\n {2}removed {2}.*settings\.json/);
      assert.throws(() => statSync(path), /ENOENT/);
      assert.match(ws.run(['init', '--client=claude-code', '--uninstall']).stdout, /already uninstalled/);
    }),
  );

  it(
    'names ssg by a path that exists in the hook, and puts it in the project with --scope project',
    withWorkspace((ws) => {
      const run = ws.run(['init', '--client=claude-code', '--scope', 'project']);
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, /Sessions started in its subfolders do not read this file: use --scope user/);
      assert.equal(existsSync(join(ws.root, SETTINGS)), false);
      const settings = JSON.parse(readFileSync(join(ws.root, PROJECT_SETTINGS), 'utf8'));
      const command: string = settings.hooks.PreToolUse[0].hooks[0].command;
      assert.match(command, / hook eval$/);
      const program = command.slice(0, -' hook eval'.length).split(' ');
      for (const word of program) assert.ok(existsSync(word), `${word} (in \`${command}\`) exists`);
      const doctor = ws.run(['doctor']);
      assert.match(doctor.stdout, /^claude-code covers sessions started in .*project only, not its subfolders/m);
    }),
  );

  const failures: Array<{
    name: string;
    args: string[];
    setup?: (ws: Workspace) => void;
    status: number;
    stderr: RegExp;
  }> = [
    {
      name: 'unknown client lists the valid names',
      args: ['init', '--client=grok'],
      status: 2,
      stderr: /^ssg init: unknown client 'grok' — use one of: aider, .*claude-code, .*codex, codex-desktop, .*generic/,
    },
    { name: 'missing --client', args: ['init'], status: 2, stderr: /^ssg init: missing --client — name the host: / },
    {
      name: 'unknown option',
      args: ['uninstall', '--client=codex', '--force'],
      status: 2,
      stderr: /unknown option '--force'/,
    },
    {
      name: 'no such project folder',
      args: ['init', '--client=codex', '--dir', 'nope'],
      status: 2,
      stderr: /project folder .*nope does not exist/,
    },
    {
      name: 'an unknown scope',
      args: ['init', '--client=claude-code', '--scope', 'global'],
      status: 2,
      stderr: /--scope global is not a scope — use --scope user/,
    },
    {
      name: 'a scope for a host without scopes',
      args: ['init', '--client=codex', '--scope', 'project'],
      status: 2,
      stderr: /--scope applies only to claude-code/,
    },
    {
      name: 'malformed settings',
      args: ['init', '--client=claude-code'],
      setup: (ws) => ws.write(SETTINGS, '{"hooks": [1,'),
      status: 3,
      stderr: /settings\.json: not valid JSON .* — that file was left untouched/,
    },
  ];
  for (const tc of failures) {
    it(
      `${tc.name}: exit ${tc.status}, one line, no stack trace`,
      withWorkspace((ws) => {
        tc.setup?.(ws);
        const before = tc.setup ? readFileSync(join(ws.root, SETTINGS), 'utf8') : undefined;
        const run = ws.run(tc.args);
        assert.equal(run.status, tc.status, run.stderr);
        assert.match(run.stderr, tc.stderr);
        assert.equal(run.stderr.trimEnd().split('\n').length, 1, run.stderr);
        if (before !== undefined) assert.equal(readFileSync(join(ws.root, SETTINGS), 'utf8'), before);
      }),
    );
  }

  it(
    'brings the starter rules when the user has none, keeps them on uninstall, and never overwrites user rules',
    withWorkspace((ws) => {
      const starter = join(ws.home, 'rules', 'default.rules');
      const first = ws.run(['init', '--client=claude-code']);
      assert.match(first.stdout, /created {2}.*ssg-home\/rules\/default\.rules — starter rules/);
      assert.equal(readFileSync(starter, 'utf8'), readFileSync(join(bundledRulesDir(), 'default.rules'), 'utf8'));
      const blocked = ws.run(['hook', 'eval'], {
        input: JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf ~' }, cwd: ws.project }),
      });
      assert.match(blocked.stdout, /"permissionDecision":"deny"/);

      ws.run(['uninstall', '--client=claude-code']);
      assert.ok(existsSync(starter), "uninstall keeps the rules: they are the user's now");

      rmSync(starter);
      const mine = ws.write('ssg-home/rules/mine.rules', '# my own\n');
      const again = ws.run(['init', '--client=claude-code']);
      assert.doesNotMatch(again.stdout, /default\.rules/);
      assert.ok(!existsSync(starter));
      assert.equal(readFileSync(mine, 'utf8'), '# my own\n');
    }),
  );

  it(
    'generic has nothing to install',
    withWorkspace((ws) => {
      const run = ws.run(['init', '--client=generic']);
      assert.equal(run.status, 0);
      assert.match(run.stdout, /^generic: nothing to install/);
    }),
  );

  // VS Code and OpenCode read these files as JSON with comments: ssg installs around the comments and keeps them.
  const commented = [
    { client: 'copilot', file: 'project/.vscode/mcp.json' },
    { client: 'opencode', file: 'project/opencode.json' },
    { client: 'opencode', file: 'project/opencode.jsonc' },
  ];
  for (const { client, file } of commented) {
    it(
      `${client} installs into a ${file.split('/').pop()} holding comments and a trailing comma, and keeps them`,
      withWorkspace((ws) => {
        ws.write(file, '{\n  // ours, keep\n  "$schema": "x", /* inline */\n}\n');
        const install = ws.run(['init', `--client=${client}`]);
        assert.equal(install.status, 0, install.stderr);
        const installed = readFileSync(join(ws.root, file), 'utf8');
        for (const kept of [/\/\/ ours, keep/, /\/\* inline \*\//, /"\$schema": "x"/]) assert.match(installed, kept);
        assert.match(installed, /"ssg-governance"/);
        const uninstall = ws.run(['uninstall', `--client=${client}`]);
        assert.equal(uninstall.status, 0, uninstall.stderr);
        const after = readFileSync(join(ws.root, file), 'utf8');
        assert.match(after, /\/\/ ours, keep/);
        assert.doesNotMatch(after, /ssg-governance/);
      }),
    );
  }

  it(
    'concurrent inits leave valid files with one entry each',
    withWorkspace(async (ws) => {
      ws.write('.codex/config.toml', '# mine\n[mcp_servers.docs]\ncommand = "docs"\n');
      const runs = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          ws.runAsync(['init', `--client=${index % 2 === 0 ? 'codex' : 'claude-code'}`]),
        ),
      );
      for (const run of runs) assert.equal(run.status, 0, run.stderr);
      const config = readFileSync(join(ws.root, '.codex/config.toml'), 'utf8');
      const parsed = parseToml(config) as { mcp_servers: Record<string, unknown> };
      assert.deepEqual(Object.keys(parsed.mcp_servers).sort(), ['docs', 'ssg-governance']);
      assert.equal(config.match(/\[mcp_servers\.ssg-governance\]/g)?.length, 1);
      const hooks = JSON.parse(readFileSync(join(ws.root, '.codex/hooks.json'), 'utf8'));
      assert.equal(hooks.hooks.PreToolUse.length, 1);
      const settings = JSON.parse(readFileSync(join(ws.root, SETTINGS), 'utf8'));
      assert.equal(settings.hooks.PreToolUse.length, 1);
    }),
  );
});
