// Runs the catch corpus through cc-safety-net's Claude Code hook (`cc-safety-net hook --claude-code`), one process
// per call with a PreToolUse payload on stdin, exactly as Claude Code runs a PreToolUse hook. Started by
// catch-rates.mjs --peer inside a private mount namespace where /home/dev/project exists; run alone it needs
// that directory too. Usage: node bench/catch-peer.mjs <cases.json> <verdicts.json> <scratch dir>
//
// cc-safety-net answers `permissionDecision: "deny"` or nothing (it has no "ask"): deny counts as block, silence
// as allow. A deny whose reason says the analysis failed is still a block (the user sees it as one) and is
// counted separately as failedClosed.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { CORPUS_CWD, CORPUS_HOME } from './catch-corpus.mjs';

const bin = new URL('../node_modules/cc-safety-net/dist/bin/cc-safety-net.js', import.meta.url).pathname;

function hookEnv(scratch) {
  // A clean environment: the corpus user's home, and cc-safety-net's config and audit log in the scratch dir.
  const config = join(scratch, 'ccsn-config');
  const audit = join(scratch, 'ccsn-audit');
  mkdirSync(config, { recursive: true });
  mkdirSync(audit, { recursive: true });
  return {
    HOME: CORPUS_HOME,
    USER: 'dev',
    PATH: process.env.PATH,
    TMPDIR: '/tmp',
    CC_SAFETY_NET_HOME: config,
    CC_SAFETY_NET_AUDIT_HOME: audit,
    CC_SAFETY_NET_NO_UPDATE_CHECK: '1',
  };
}

function runHook(c, env, index) {
  const payload = JSON.stringify({
    session_id: `catch-${index}`,
    transcript_path: '/dev/null',
    cwd: CORPUS_CWD,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: c.tool,
    tool_input: c.input,
  });
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, 'hook', '--claude-code'], { cwd: CORPUS_CWD, env });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.resume();
    child.on('close', (code) => {
      let decision;
      let reason = '';
      try {
        const parsed = out.trim() ? JSON.parse(out) : undefined;
        decision = parsed?.hookSpecificOutput?.permissionDecision;
        reason = parsed?.hookSpecificOutput?.permissionDecisionReason ?? '';
      } catch {
        decision = undefined;
      }
      // Exit code 2 is Claude Code's other way to block a PreToolUse call.
      const verdict = decision === 'deny' || code === 2 ? 'block' : decision === 'ask' ? 'ask' : 'allow';
      resolve({ verdict, failedClosed: /failed closed/i.test(reason) });
    });
    child.stdin.end(payload);
  });
}

async function main([input, output, scratch]) {
  const cases = JSON.parse(readFileSync(input, 'utf8'));
  const env = hookEnv(scratch);
  const verdicts = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const i = next++;
      verdicts[i] = await runHook(cases[i], env, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
  writeFileSync(output, JSON.stringify(verdicts));
}

await main(process.argv.slice(2));
