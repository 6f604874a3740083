// What the multi-account terminal relies on in the real, interactive Claude Code (pinned in e2e/package.json), run in
// a pty against a fake Messages API on loopback: a claude.ai OAuth login in CLAUDE_CONFIG_DIR is sent as a Bearer
// token and never rewritten; the status line gets the 5-hour window from the unified rate-limit headers; a
// used-up 5-hour window shows the usage-limit message and fires StopFailure `rate_limit`, and Esc then /exit ends
// the process; the conversation then resumes on a second account (its `projects/` a link to the first's) under the
// same session id, the model receiving the earlier turns and the continue prompt with the second account's token.
// docs/terminal/claude-code-facts.md has the details.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { eventually } from '@ssg/testing/eventually';
import { FakeMessagesApi, type MessagesRequest } from '@ssg/testing/fake-messages-api';
import { makeClaudeAccount, type ClaudeAccount } from '../support/claude-account';
import { ClaudePty } from '../support/claude-pty';

const HOUR_S = 3600;

/** Each JSON line a hook or the status line command appended to `path`. */
function jsonLines(path: string): Record<string, unknown>[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Every text the model was sent in a request's messages, in order. */
function textsOf(request: MessagesRequest): string[] {
  return request.messages.flatMap((message) =>
    typeof message.content === 'string'
      ? [message.content]
      : message.content.flatMap((block) => (block.type === 'text' && block.text ? [block.text] : [])),
  );
}

describe('the real interactive Claude Code, as a terminal pane runs it', { timeout: 120_000 }, () => {
  const root = mkdtempSync(join(tmpdir(), 'ssg-claude-facts-'));
  const home = join(root, 'home');
  const cwd = join(root, 'project');
  const sessionId = randomUUID();
  const fiveHourResetsAt = Math.floor(Date.now() / 1000) + 2 * HOUR_S;
  let api: FakeMessagesApi;
  let accountA: ClaudeAccount;
  let accountB: ClaudeAccount;
  let credentialsBefore: Map<string, { bytes: Buffer; mtimeMs: number }>;
  const claudes: ClaudePty[] = [];

  /** Hooks and the status line append their stdin JSON to a file per event in `root`. */
  const record = (name: string): string => `${join(root, 'record.sh')} ${join(root, `${name}.jsonl`)}`;
  const settings = JSON.stringify({
    hooks: Object.fromEntries(
      ['SessionStart', 'StopFailure'].map((event) => [
        event,
        [{ hooks: [{ type: 'command', command: record(event) }] }],
      ]),
    ),
    statusLine: { type: 'command', command: record('statusline') },
  });

  const launch = async (account: ClaudeAccount, args: readonly string[]): Promise<ClaudePty> => {
    const claude = await ClaudePty.spawn({
      cwd,
      args: [...args, '--settings', settings],
      env: {
        HOME: home,
        CLAUDE_CONFIG_DIR: account.configDir,
        ANTHROPIC_BASE_URL: api.url,
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        DISABLE_AUTOUPDATER: '1',
      },
    });
    claudes.push(claude);
    return claude;
  };

  /** Types a prompt, waits until it is in the input box (so Enter is not taken as part of a paste), submits it. */
  const submit = async (claude: ClaudePty, prompt: string): Promise<void> => {
    claude.type(prompt);
    // Claude Code puts a no-break space after the prompt mark.
    await claude.waitForText(new RegExp(`❯\\s${prompt.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
    claude.press('enter');
  };

  before(async () => {
    mkdirSync(home);
    mkdirSync(cwd);
    writeFileSync(join(root, 'record.sh'), '#!/bin/sh\n{ cat; echo; } >> "$1"\n');
    chmodSync(join(root, 'record.sh'), 0o755);
    accountA = makeClaudeAccount({ configDir: join(root, 'account-a'), label: 'A', cwd });
    accountB = makeClaudeAccount({
      configDir: join(root, 'account-b'),
      label: 'B',
      cwd,
      shareProjectsOf: accountA.configDir,
    });
    credentialsBefore = new Map(
      [accountA, accountB].map((account) => [
        account.credentialsPath,
        { bytes: readFileSync(account.credentialsPath), mtimeMs: statSync(account.credentialsPath).mtimeMs },
      ]),
    );
    api = await FakeMessagesApi.start([{ text: 'First answer, on account A.' }, { text: 'Continued on account B.' }]);
    api.reportFiveHourWindow(accountA.accessToken, { utilization: 0.42, resetsAt: fiveHourResetsAt });
  });

  after(async () => {
    await Promise.all(claudes.map((claude) => claude.dispose()));
    await api?.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('account A: Bearer login, 5-hour window in the status line, usage limit, StopFailure, Esc and /exit', async () => {
    const claude = await launch(accountA, ['--session-id', sessionId]);
    await claude.waitForText(/Claude Code v2\.1\.330[\s\S]*❯/);

    await submit(claude, 'first question');
    await claude.waitForText(/First answer, on account A\./);
    const answered = api.exchanges.at(-1);
    assert.deepEqual(answered?.credential, { scheme: 'bearer', token: 'sk-ant-oat01-fake-A' });

    const statusLines = join(root, 'statusline.jsonl');
    await eventually(
      () => jsonLines(statusLines).some((input) => input.rate_limits !== undefined),
      'a status line input with rate_limits',
      20_000,
    );
    const withLimits = jsonLines(statusLines).find((input) => input.rate_limits !== undefined);
    // Only the 5-hour headers are sent, so only five_hour is there.
    assert.deepEqual(withLimits?.rate_limits, {
      five_hour: { used_percentage: 42, resets_at: fiveHourResetsAt },
    });
    assert.equal(withLimits?.session_id, sessionId);

    api.refuseWithUsageLimit(accountA.accessToken, fiveHourResetsAt);
    await submit(claude, 'second question');
    await claude.waitForText(/You've hit your 5-hour limit · resets \d{1,2}(:\d\d)?[ap]m \(UTC\)/);
    assert.equal(api.exchanges.at(-1)?.status, 429);

    await eventually(() => jsonLines(join(root, 'StopFailure.jsonl')).length > 0, 'the StopFailure hook', 20_000);
    const [stopFailure] = jsonLines(join(root, 'StopFailure.jsonl'));
    assert.equal(stopFailure?.hook_event_name, 'StopFailure');
    assert.equal(stopFailure?.error, 'rate_limit');
    assert.equal(stopFailure?.session_id, sessionId);
    assert.match(String(stopFailure?.last_assistant_message), /^You've hit your 5-hour limit · resets /);

    // 2.1.330 arms its automatic continue at the reset; Esc cancels it, then /exit ends the process.
    await claude.waitForText(/Continuing automatically at .* · Esc to cancel/);
    claude.press('escape');
    await claude.waitForText(/Automatic continue cancelled/);
    await submit(claude, '/exit');
    assert.equal((await claude.exited).exitCode, 0);
    await claude.waitForText(new RegExp(`claude --resume ${sessionId}`));
  });

  test('account B resumes the same session: earlier turns and the continue prompt, with B token', async () => {
    const claude = await launch(accountB, ['--resume', sessionId, 'Please continue.']);
    await claude.waitForText(/Continued on account B\./);

    const resumed = api.exchanges.at(-1);
    assert.deepEqual(resumed?.credential, { scheme: 'bearer', token: 'sk-ant-oat01-fake-B' });
    const texts = textsOf(resumed!.request);
    const conversation = ['first question', 'First answer, on account A.', 'second question', 'Please continue.'];
    const positions = conversation.map((turn) => texts.findIndex((text) => text.includes(turn)));
    assert.ok(
      positions.every((position, i) => position >= 0 && (i === 0 || position > positions[i - 1]!)),
      `the resumed request does not hold ${JSON.stringify(conversation)} in order:\n${texts.join('\n---\n')}`,
    );

    const starts = jsonLines(join(root, 'SessionStart.jsonl'));
    assert.deepEqual(
      starts.map((start) => [start.session_id, start.source]),
      [
        [sessionId, 'startup'],
        [sessionId, 'resume'],
      ],
    );
    await submit(claude, '/exit');
    assert.equal((await claude.exited).exitCode, 0);
    // One transcript, under the shared projects/ folder, carries the whole conversation.
    const transcript = readFileSync(
      join(accountA.configDir, 'projects', cwd.replace(/[^A-Za-z0-9]/g, '-'), `${sessionId}.jsonl`),
      'utf8',
    );
    assert.ok(transcript.includes('Continued on account B.'), 'the resumed turn is not in the session transcript');

    for (const [path, before] of credentialsBefore) {
      assert.ok(readFileSync(path).equals(before.bytes), `${path} was rewritten`);
      assert.equal(statSync(path).mtimeMs, before.mtimeMs, `${path} was touched`);
    }
  });
});
