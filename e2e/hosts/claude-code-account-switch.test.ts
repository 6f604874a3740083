// Issue 14's promise, end to end: a user with two Claude accounts works in a Claude pane of ssg's terminal until
// account 1 hits its usage limit, and the conversation goes on on account 2 without anyone typing. Everything is
// real but the model: the built CLI's `ssg daemon` (browser mode) forks its pty host, which runs the real Claude
// Code (pinned in e2e/package.json) in a real pty against the fake Messages API on loopback; the test drives the
// pane as the dashboard does, over the terminal API and the pane socket. When every account is limited, the pane
// stays where it is and the usage says when the first one is back.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type {
  ClaudeAccountInfo,
  PaneInfo,
  PaneList,
  SocketServerMessage,
  UsageResponse,
} from '@ssg/contracts/terminal';
import { TERMINAL_ACCOUNTS_PATH, TERMINAL_SESSIONS_PATH, TERMINAL_USAGE_PATH } from '@ssg/contracts/terminal';
import { licensePath } from '@ssg/node/license/active-license';
import { mintLicense, newTestIssuer, trustTestIssuer } from '@ssg/node/license/mint.testing';
import { eventually } from '@ssg/testing/eventually';
import { FakeMessagesApi, type MessagesRequest } from '@ssg/testing/fake-messages-api';
import { type ClaudeAccount, makeClaudeAccount } from '../support/claude-account';
import { CliDaemon } from '../support/cli-daemon';
import { hostBin, HostWorkspace } from '../support/host-workspace';
import { PaneWindow } from '../support/pane-window';

const HOUR_S = 3600;
const CONTINUE_PROMPT = 'Please continue where you left off.';
const FIRST_ANSWER = 'First answer, on account A.';
const RESUMED_ANSWER = 'Continued on account B.';

/** Every text the model was sent in a request's messages, in order. */
function textsOf(request: MessagesRequest): string[] {
  return request.messages.flatMap((message) =>
    typeof message.content === 'string'
      ? [message.content]
      : message.content.flatMap((block) => (block.type === 'text' && block.text ? [block.text] : [])),
  );
}

/** Whether `turns` are all among `texts`, in this order. */
function holdsInOrder(texts: readonly string[], turns: readonly string[]): boolean {
  let from = 0;
  for (const turn of turns) {
    const at = texts.findIndex((text, i) => i >= from && text.includes(turn));
    if (at < 0) return false;
    from = at;
  }
  return true;
}

/** The pids of the processes running with all of `args` on their command line (Linux: /proc). */
function processesWith(...args: string[]): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // Ended while we looked.
    }
    if (args.every((arg) => argv.includes(arg))) pids.push(Number(entry));
  }
  return pids;
}

const isAlive = (pid: number): boolean => {
  try {
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

describe(
  'a Claude pane moves to the next account at a usage limit (real Claude Code, built ssg daemon)',
  {
    timeout: 150_000,
  },
  () => {
    const workspace = new HostWorkspace();
    const home = workspace.root;
    const project = workspace.project;
    const issuer = newTestIssuer();
    const resetA = Math.floor(Date.now() / 1000) + 2 * HOUR_S;
    const resetB = Math.floor(Date.now() / 1000) + 1 * HOUR_S;
    let api: FakeMessagesApi;
    let daemon: CliDaemon;
    let accountA: ClaudeAccount;
    let accountB: ClaudeAccount & { id: string };
    let credentialsBefore: Map<string, Buffer>;
    let pane: PaneInfo;
    let window: PaneWindow;

    const usage = async (): Promise<UsageResponse> => {
      const response = await daemon.request<UsageResponse>('GET', TERMINAL_USAGE_PATH);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body;
    };

    /** Types a prompt, waits until the input box shows it, then Enter on its own (text + CR at once is a paste). */
    const submit = async (prompt: string): Promise<void> => {
      window.type(prompt);
      // Claude Code puts a no-break space after the prompt mark.
      await window.waitForText(new RegExp(`❯\\s${prompt}`));
      window.type('\r');
    };

    before(async () => {
      writeFileSync(join(project, 'notes.txt'), 'the project the conversation is about\n');
      // The machine's own login, the default account: ~/.claude with CLAUDE_CONFIG_DIR unset, ~/.claude.json beside it.
      accountA = makeClaudeAccount({
        configDir: join(home, '.claude'),
        settingsPath: join(home, '.claude.json'),
        label: 'A',
        cwd: project,
      });
      trustTestIssuer(workspace.home, issuer);
      writeFileSync(
        licensePath(workspace.home),
        mintLicense(issuer.privateKey, { iss: 'test-issuer', exp: 4_102_444_800, tier: 'pro' }),
      );
      api = await FakeMessagesApi.start([{ text: FIRST_ANSWER }, { text: RESUMED_ANSWER }]);
      api.reportFiveHourWindow(accountA.accessToken, { utilization: 0.8, resetsAt: resetA });
      daemon = await CliDaemon.start(workspace, {
        ANTHROPIC_BASE_URL: api.url,
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        DISABLE_AUTOUPDATER: '1',
        SSG_TERMINAL_CLAUDE: hostBin('claude'),
      });

      // The second account, added as the dashboard adds it; the test stands in for `claude auth login` in its folder.
      const added = await daemon.request<ClaudeAccountInfo>('POST', TERMINAL_ACCOUNTS_PATH, { name: 'Account B' });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      assert.ok(added.body.configDir, 'an added account has a config folder');
      accountB = {
        ...makeClaudeAccount({ configDir: added.body.configDir, label: 'B', cwd: project }),
        id: added.body.id,
      };
      // B's model takes a few seconds, as a real one does: long enough for the resumed Claude Code's screen, which
      // replays A's limit message, to be looked at for a limit before the answer comes.
      api.thinkBeforeAnswering(accountB.accessToken, 3_000);
      credentialsBefore = new Map(
        [accountA, accountB].map((account) => [account.credentialsPath, readFileSync(account.credentialsPath)]),
      );
    });

    after(async () => {
      await window?.close();
      await daemon?.stop();
      await api?.close();
      workspace.cleanup();
    });

    test('account A hits its usage limit: the conversation resumes on account B by itself', async () => {
      const opened = await daemon.request<PaneInfo>('POST', TERMINAL_SESSIONS_PATH, {
        kind: 'claude',
        cwd: project,
        accountId: 'default',
        cols: 120,
        rows: 40,
      });
      assert.equal(opened.status, 200, JSON.stringify(opened.body));
      pane = opened.body;
      const sessionId = pane.claudeSessionId;
      assert.ok(sessionId, 'a Claude pane has its session id from the start');
      assert.equal(pane.accountId, 'default');
      window = await PaneWindow.attach(daemon.url, daemon.adminToken, pane);

      await window.waitForText(/Claude Code v2\.1\.330[\s\S]*❯/);
      await submit('first question');
      await window.waitForText(new RegExp(FIRST_ANSWER.replaceAll('.', '\\.')));
      assert.deepEqual(api.exchanges.at(-1)?.credential, { scheme: 'bearer', token: accountA.accessToken });
      // The status line reported account A's 5-hour window to the pty host.
      await eventually(
        async () => (await usage()).accounts.find((a) => a.accountId === 'default')?.fiveHour?.usedPercent === 80,
        "account A's 5-hour window at 80 % in the usage",
        20_000,
      );
      const [claudeOnA, ...more] = processesWith('--session-id', sessionId);
      assert.ok(claudeOnA !== undefined && more.length === 0, `one claude runs the conversation on A: ${claudeOnA}`);

      api.refuseWithUsageLimit(accountA.accessToken, resetA);
      await submit('second question');

      // Nobody types from here on.
      const moved = await window.waitFor(
        (m) =>
          m.type === 'pane' && m.pane.id === pane.id && m.pane.accountId === accountB.id && m.pane.state === 'running',
        60_000,
      );
      assert.equal(moved.type === 'pane' && moved.pane.claudeSessionId, sessionId, 'the same conversation');
      await eventually(() => !isAlive(claudeOnA), 'the claude process on account A to exit', 30_000);
      assert.ok(
        window.received.some((m) => m.type === 'pane' && m.pane.id === pane.id && m.pane.state === 'switching'),
        'the pane was shown switching',
      );
      await eventually(
        () =>
          api.exchanges.some(
            (exchange) =>
              exchange.credential?.token === accountB.accessToken &&
              holdsInOrder(textsOf(exchange.request), ['first question', FIRST_ANSWER, CONTINUE_PROMPT]),
          ),
        "a request with account B's token holding the earlier turns and the continue prompt",
        60_000,
      );
      await window.waitForText(new RegExp(RESUMED_ANSWER.replaceAll('.', '\\.')));
      assert.equal(processesWith('--resume', sessionId).length, 1, 'one claude resumed the conversation on B');
      assert.deepEqual(processesWith('--session-id', sessionId), [], 'nothing runs the conversation on A any more');

      for (const [path, bytes] of credentialsBefore) {
        assert.ok(readFileSync(path).equals(bytes), `${path} was rewritten`);
      }
      const after = await usage();
      const limitedA = after.accounts.find((a) => a.accountId === 'default')?.limitedUntil;
      assert.ok(limitedA, `account A is marked limited: ${JSON.stringify(after)}`);
      assert.ok(Math.abs(limitedA - resetA * 1000) <= 60_000, `A limited until ${new Date(limitedA).toISOString()}`);
      assert.equal(after.accounts.find((a) => a.accountId === accountB.id)?.limitedUntil, null);
      assert.equal(after.allLimitedUntil, null);
    });

    test('account B hits its limit too: the pane stays, and the usage says when the first account is back', async () => {
      assert.ok(pane, 'the first test opened the pane');
      const sessionId = pane.claudeSessionId!;
      const [claudeOnB] = processesWith('--resume', sessionId);
      assert.ok(claudeOnB !== undefined);
      // B's window resets before A's: the earliest reset is B's.
      api.refuseWithUsageLimit(accountB.accessToken, resetB);
      const since = window.received.length;
      const isNew = (m: SocketServerMessage): boolean => window.received.indexOf(m) >= since;
      await submit('third question');

      await window.waitFor(
        (m) => isNew(m) && m.type === 'notice' && /Every account has reached its usage limit/.test(m.message),
        60_000,
      );
      const limited = await window.waitFor((m) => isNew(m) && m.type === 'usage' && m.usage.allLimitedUntil !== null);
      const allLimitedUntil = limited.type === 'usage' ? limited.usage.allLimitedUntil : null;
      assert.ok(allLimitedUntil !== null && Math.abs(allLimitedUntil - resetB * 1000) <= 60_000, `${allLimitedUntil}`);

      const now = await usage();
      assert.ok(now.allLimitedUntil !== null, JSON.stringify(now));
      assert.ok(
        Math.abs(now.allLimitedUntil - resetB * 1000) <= 60_000,
        `every account limited until ${new Date(now.allLimitedUntil).toISOString()}, B resets at ${new Date(resetB * 1000).toISOString()}`,
      );
      const byId = new Map(now.accounts.map((a) => [a.accountId, a.limitedUntil]));
      assert.ok(byId.get('default') && byId.get(accountB.id), JSON.stringify(now));

      // The pane stays on B with the same claude: nothing was exited or moved.
      const panes = await daemon.request<PaneList>('GET', TERMINAL_SESSIONS_PATH);
      const still = panes.body.panes.find((p) => p.id === pane.id);
      assert.deepEqual([still?.accountId, still?.state, still?.claudeSessionId], [accountB.id, 'running', sessionId]);
      assert.ok(isAlive(claudeOnB), 'the claude on B still runs');
      assert.ok(
        !window.received
          .slice(since)
          .some((m) => m.type === 'pane' && m.pane.id === pane.id && m.pane.state === 'switching'),
        'the pane was not switched',
      );
      for (const [path, bytes] of credentialsBefore) {
        assert.ok(readFileSync(path).equals(bytes), `${path} was rewritten`);
      }
    });
  },
);
