// ssg governance for OpenCode. Install as .opencode/plugins/ssg-governance.js (`ssg init --client=opencode`, or
// `ssg plugins emit opencode > .opencode/plugins/ssg-governance.js`). Before every tool call it asks
// `ssg hook opencode` for a verdict and throws to stop the call when ssg does not allow it. OpenCode has no way
// for a plugin to ask the user, so a call a rule would ask about waits in the ssg daemon's approval queue for a
// person to answer (dashboard or `ssg approve`), up to the daemon's approval timeout; with no daemon it is stopped.
// When ssg cannot be run, times out or answers garbage, the call is stopped too: enforcement fails closed.
// SSG_BIN names the ssg executable (default: `ssg` on PATH); SSG_HOOK_TIMEOUT_MS the time limit (default 90 s,
// the daemon's 60 s approval timeout plus room). A note ssg gives with an allowed call (a spending cap nearing its
// limit) is appended to the tool's output after it runs, where the model reads it.
import { spawn } from 'node:child_process';

const DEFAULT_TIMEOUT_MS = 90_000;
/** ssg answers with one short JSON line; more than this is not an answer. */
const MAX_OUTPUT_BYTES = 1024 * 1024;

/** Notes for the model on calls ssg let through (a spending cap nearing its limit), by callID until the call ends. */
const notes = new Map();

export const SsgGovernance = async (ctx) => ({
  'tool.execute.before': async (input, output) => {
    const envelope = {
      tool: input.tool,
      args: output.args ?? {},
      sessionID: input.sessionID,
      callID: input.callID,
      cwd: ctx?.directory ?? ctx?.worktree ?? process.cwd(),
    };
    const verdict = await askSsg(envelope);
    if (verdict.decision !== 'allow') throw new Error(verdict.reason || `ssg: ${verdict.decision}`);
    if (typeof verdict.note === 'string' && verdict.note !== '') notes.set(input.callID, verdict.note);
  },
  // The model reads a tool's output, not a plugin's: the note is appended to it.
  'tool.execute.after': async (input, output) => {
    const note = notes.get(input.callID);
    if (note === undefined) return;
    notes.delete(input.callID);
    if (output && typeof output.output === 'string') output.output += `\n\n${note}`;
  },
});

/** ssg's verdict, or a block that says why there is none. */
async function askSsg(envelope) {
  try {
    const verdict = parseVerdict(await runSsg(JSON.stringify(envelope)));
    if (typeof verdict?.decision !== 'string') throw new Error('ssg answered without a decision');
    return verdict;
  } catch (error) {
    return {
      decision: 'block',
      reason: `ssg could not check this call (${error.message}), so it is blocked. Make sure \`ssg\` runs (or set SSG_BIN).`,
    };
  }
}

function parseVerdict(stdout) {
  try {
    return JSON.parse(stdout);
  } catch {
    throw new Error(`ssg answered something that is not JSON: ${JSON.stringify(stdout.slice(0, 80))}`);
  }
}

function runSsg(input) {
  const timeoutMs = Number(process.env.SSG_HOOK_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const child = spawn(process.env.SSG_BIN || 'ssg', ['hook', 'opencode'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const chunks = [];
    let size = 0;
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    child.stdout.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_OUTPUT_BYTES) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk) => {
      if (stderr.length < 4096) stderr += chunk;
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(chunks).toString('utf8'));
      else reject(new Error(`ssg exited with ${code ?? signal}${stderr ? `: ${stderr.trim().split('\n')[0]}` : ''}`));
    });
    // ssg may exit before reading all of stdin (it fails closed on its own); that is not this call's error.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}
