// The real Claude Code CLI (`claude -p`, pinned in e2e/package.json) against a fake Messages API on loopback,
// after `ssg init --client=claude-code`: our PreToolUse hook blocks a destructive Bash call before it runs and
// the model receives our reason in the tool_result, also in a session started in a subfolder of the project
// (init's default is the user settings: Claude Code reads a project's settings only where the session starts);
// a harmless call runs.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runClaude } from '../support/claude-run';
import { HostWorkspace } from '../support/host-workspace';

const PROJECT_RULES = `rule e2e_no_recursive_delete {
  priority 100
  DENY execution
  IF command REGEX "^rm\\s+-[a-zA-Z]*r"
  MESSAGE "e2e: recursive deletes are blocked in this project"
}
`;

describe('Claude Code with ssg init --client=claude-code', () => {
  const workspace = new HostWorkspace();
  before(() => {
    workspace.write('project/precious.txt', 'keep me\n');
    workspace.write('project/.ssg/rules/project.rules', PROJECT_RULES);
    workspace.trust();
    const init = workspace.run(['init', '--client=claude-code']);
    assert.equal(init.status, 0, init.stderr);
  });
  after(() => workspace.cleanup());

  test('a destructive Bash call is blocked and the model is told why', async () => {
    const { run, api } = await runClaude(workspace, [
      { toolUse: { name: 'Bash', input: { command: 'rm -rf precious.txt', description: 'Remove the file' } } },
      { text: 'I could not delete it.' },
    ]);
    assert.equal(run.status, 0, `claude failed:\n${run.stderr}\n${run.stdout}`);
    assert.ok(existsSync(join(workspace.project, 'precious.txt')), 'the targeted file must still exist');
    const [result] = api.toolResults();
    assert.ok(result, `no tool_result was sent back; requests: ${api.requests.length}`);
    assert.match(result.text, /recursive deletes are blocked in this project/);
    assert.match(result.text, /e2e_no_recursive_delete/);
  });

  test('a session started in a subfolder of the project is governed too', async () => {
    workspace.write('project/src/deep/keep.txt', 'keep me too\n');
    const { run, api } = await runClaude(
      workspace,
      [
        { toolUse: { name: 'Bash', input: { command: 'rm -rf ../../precious.txt', description: 'Remove it' } } },
        { text: 'Blocked.' },
      ],
      { cwd: join(workspace.project, 'src', 'deep') },
    );
    assert.equal(run.status, 0, `claude failed:\n${run.stderr}\n${run.stdout}`);
    assert.ok(existsSync(join(workspace.project, 'precious.txt')), 'the targeted file must still exist');
    assert.match(api.toolResults()[0]?.text ?? '', /e2e_no_recursive_delete/);
  });

  test('under fail-closed with no daemon and ssg not on PATH, the hook still runs and blocks', async () => {
    // The hook names ssg by the path init found; Claude Code's PATH here has no ssg at all.
    const path = (process.env.PATH ?? '')
      .split(':')
      .filter((dir) => dir !== workspace.binDir)
      .join(':');
    workspace.write('ssg-home/fail-closed', 'armed\n');
    try {
      const { run, api } = await runClaude(
        workspace,
        [
          { toolUse: { name: 'Bash', input: { command: 'rm -f precious.txt', description: 'Remove it' } } },
          { text: 'Blocked.' },
        ],
        { env: { PATH: path } },
      );
      assert.equal(run.status, 0, `claude failed:\n${run.stderr}\n${run.stdout}`);
      assert.ok(existsSync(join(workspace.project, 'precious.txt')), 'the file must still exist');
      assert.match(api.toolResults()[0]?.text ?? '', /ssg_fail_closed/);
    } finally {
      rmSync(join(workspace.home, 'fail-closed'));
    }
  });

  test('a harmless Bash call runs', async () => {
    const { run, api } = await runClaude(workspace, [
      { toolUse: { name: 'Bash', input: { command: 'cat precious.txt', description: 'Show the file' } } },
      { text: 'It says keep me.' },
    ]);
    assert.equal(run.status, 0, `claude failed:\n${run.stderr}\n${run.stdout}`);
    const [result] = api.toolResults();
    assert.ok(result, 'no tool_result was sent back');
    assert.equal(result.isError, false, result.text);
    assert.match(result.text, /keep me/);
    assert.equal(readFileSync(join(workspace.project, 'precious.txt'), 'utf8'), 'keep me\n');
  });
});
