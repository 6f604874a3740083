// Generates a rule corpus shaped like the public hub's rule packs (~1,500 rules): mostly `write` rules that
// combine a path GLOB with CONTAINS or LINE_REGEX on the content, some execution rules with REGEX on the
// command, a few read/network rules. Deterministic, so every run measures the same text.

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const exts = ['ts', 'tsx', 'js', 'py', 'go', 'rs', 'java', 'rb', 'php', 'yml', 'json', 'tf', 'sql', 'sh', 'md'];
const dirs = ['src', 'lib', 'app', 'api', 'config', 'infra', 'scripts', 'test', 'db', 'web'];
const words = [
  'eval',
  'exec',
  'password',
  'secret',
  'token',
  'innerHTML',
  'dangerouslySetInnerHTML',
  'pickle',
  'yaml.load',
  'md5',
  'sha1',
  'http://',
  'console.log',
  'TODO',
  'debugger',
  'SELECT *',
  'chmod 777',
  'any',
  'unsafe',
  'Math.random',
  'setTimeout(',
  'os.system',
  'subprocess',
  'shell=True',
  'verify=False',
];
const regexes = [
  '^\\s*import\\s+pickle',
  '(?i)api[_-]?key\\s*=\\s*["\\x27][A-Za-z0-9]{16,}',
  'console\\.(log|debug)\\(',
  '\\bany\\b',
  'TODO(?!\\()',
  '^\\s*debugger;?\\s*$',
  'http://(?!localhost)',
  'password\\s*[:=]\\s*["\\x27][^"\\x27]+',
  '\\beval\\s*\\(',
  'SELECT\\s+\\*\\s+FROM',
];
const commands = [
  '^rm\\s+-rf\\s+',
  '^git\\s+push\\s+.*--force',
  '^curl\\s+.*\\|\\s*sh',
  '^chmod\\s+777',
  '^docker\\s+run\\s+.*--privileged',
  '^kubectl\\s+delete\\s+',
  '^terraform\\s+destroy',
  '^npm\\s+publish',
];
const decisions = ['DENY', 'ASK', 'LOG', 'DENY', 'ASK', 'SHADOW'];

export function makeCorpus(count = 1500, seed = 42) {
  const r = rng(seed);
  const pick = (a) => a[Math.floor(r() * a.length)];
  const out = [];
  for (let i = 0; i < count; i++) {
    const kind = r();
    const lines = [`rule hub-rule-${i} {`, `  priority ${Math.floor(r() * 100)}`, '  severity warning'];
    if (kind < 0.8) {
      lines.push(`  ${pick(decisions)} write`);
      lines.push(`  IF path GLOB "**/${pick(dirs)}/**/*.${pick(exts)}"`);
      if (r() < 0.5) lines.push(`  AND content CONTAINS "${pick(words)}"`);
      else lines.push(`  AND content LINE_REGEX "${pick(regexes)}"`);
      if (r() < 0.3) lines.push(`  OR path GLOB "*.${pick(exts)}" AND content CONTAINS "${pick(words)}"`);
    } else if (kind < 0.93) {
      lines.push(`  ${pick(decisions)} execution`);
      lines.push(`  IF command REGEX "${pick(commands)}"`);
      if (r() < 0.3) lines.push(`  AND command NOT CONTAINS "--dry-run"`);
    } else if (kind < 0.97) {
      lines.push('  ASK read');
      lines.push(`  IF path GLOB "**/${pick(['.env', 'id_rsa', 'credentials', '.npmrc', 'secrets.yml'])}"`);
    } else {
      lines.push('  LOG network');
      lines.push(`  IF input.url CONTAINS "${pick(['pastebin', 'ngrok', 'transfer.sh', 'webhook'])}"`);
    }
    lines.push(`  MESSAGE "Hub rule ${i}: review this change."`, '}', '');
    out.push(lines.join('\n'));
  }
  return out.join('\n');
}

/** Tool calls shaped like a real session: mostly edits and shell commands. */
export function makeCalls(count = 2000, seed = 7) {
  const r = rng(seed);
  const pick = (a) => a[Math.floor(r() * a.length)];
  const calls = [];
  for (let i = 0; i < count; i++) {
    const k = r();
    if (k < 0.5) {
      const body = Array.from({ length: 40 }, () => `  const x${Math.floor(r() * 1e6)} = ${pick(words)};`);
      calls.push({
        tool: 'Write',
        capability: 'write',
        client: 'claude-code',
        input: { file_path: `/home/dev/project/${pick(dirs)}/mod${i}.${pick(exts)}`, content: body.join('\n') },
      });
    } else if (k < 0.85) {
      calls.push({
        tool: 'Bash',
        capability: 'execute',
        client: 'claude-code',
        input: {
          command: pick([
            'npm test',
            'git status && git diff --stat',
            'ls -la src',
            'rm -rf dist build',
            'cat package.json | jq .scripts',
            'FOO=1 npm run build -- --watch=false',
            'git push origin main',
          ]),
        },
      });
    } else {
      calls.push({
        tool: 'Read',
        capability: 'read',
        client: 'claude-code',
        input: { file_path: `/home/dev/project/${pick(dirs)}/${pick(['index.ts', '.env', 'README.md'])}` },
      });
    }
  }
  return calls;
}
