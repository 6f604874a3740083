// Removes secrets from text before it is stored or shown: the audit log and the approval queue keep what an agent
// tried to do, and a command line or a file write often carries a credential. Each secret becomes
// `[redacted:<kind>]`; the words around it (a variable name, a flag, a URL's host) stay, so the record still reads.
// The patterns are specific (known token formats, values assigned to secret-sounding names) rather than "anything
// that looks random", because every false positive hides a part of a command the user wants to read. Where the
// two conflict, secrecy wins: `password = getPassword()` in code loses its right-hand side.

interface SecretPattern {
  kind: string;
  pattern: RegExp;
  /**
   * Whether only the pattern's capture group that matched (one of alternatives), which ends the match, is the
   * secret; else the whole match.
   */
  captured?: boolean;
}

/** Not a value but a reference to one (`$TOKEN`, `${{ secrets.X }}`, `%PASS%`, `<your key>`), or already redacted. */
const NOT_A_LITERAL = String.raw`(?!\[redacted:|\$|%[A-Za-z_][A-Za-z0-9_]*%|<)`;

/**
 * Names whose value is a secret: `DB_PASSWORD`, `github_token`, `apiKey`, `client-secret`, `X_API_KEY`. A name
 * starts where a run of name characters starts and its prefix is bounded, so the search stays linear on long
 * dotted or dashed text.
 */
const SECRET_NAME = String.raw`(?<![A-Za-z0-9_.-])([A-Za-z0-9_.-]{0,64}?(?:passw(?:or)?d|pwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credentials?))`;

/**
 * The rest of a shell command after its program's name, up to where the command ends (`;`, `&`, `|`, a line),
 * bounded so that the search stays linear on text that repeats the name.
 */
const REST_OF_COMMAND = String.raw`[^\n;&|]{0,512}?`;

/** A value on a command line: quoted (it may hold spaces; an escaped quote inside `bash -c "…"` ends it too), or a bare word. */
const QUOTED_VALUE = String.raw`\\?["']${NOT_A_LITERAL}([^"'\`\\\n]+)`;
const BARE_VALUE = String.raw`${NOT_A_LITERAL}([^\s"'\`\\;&|]+)`;

/** Header names that carry a credential: Authorization, Cookie, X-Api-Key, X-Auth-Token, PRIVATE-TOKEN, … */
const CREDENTIAL_HEADER = String.raw`[A-Za-z0-9-]{0,64}(?:auth|token|api-?key|secret|cookie|session|passw|credential)[A-Za-z0-9-]{0,64}`;

/** A header value that is (or holds) a variable reference, or was redacted already: left as it is. */
const HEADER_VALUE_IS_REFERENCE = String.raw`(?![^"'\`\\\n]*(?:\[redacted:|\$))`;

/**
 * Credentials that tools take as command-line options: only after the program that reads them, since the same
 * option means something harmless elsewhere (`docker run -u 1000:1000`, `docker run -p 80:80`, `grep -p`).
 */
const COMMAND_LINE_PATTERNS: readonly SecretPattern[] = [
  // curl -u/--user user:password; the user stays. `-u alice` and `-u alice:` prompt for the password.
  {
    kind: 'password',
    pattern: new RegExp(
      String.raw`\bcurl\b${REST_OF_COMMAND}\s(?:-[A-Za-z]*u[ \t]*|--user(?:[ \t]+|=))(?:\\?["'][^"'\`\\\n:]*:${NOT_A_LITERAL}([^"'\`\\\n]+)|[^\s"'\`\\:;&|]*:${NOT_A_LITERAL}([^\s"'\`\\;&|]+))`,
      'g',
    ),
    captured: true,
  },
  // mysql -pPASSWORD, attached only: `-p db` prompts for the password and names the database; -P is the port.
  {
    kind: 'password',
    pattern: new RegExp(
      String.raw`\b(?:mysql(?:dump|admin|import|check|pump|sh)?|mariadb(?:-dump|-admin|-import|-check)?)\b${REST_OF_COMMAND}\s-p(?:${QUOTED_VALUE}|${BARE_VALUE})`,
      'g',
    ),
    captured: true,
  },
  // sshpass -p PASSWORD (or attached); -f (a file) and -e (the environment) carry none.
  {
    kind: 'password',
    pattern: new RegExp(String.raw`\bsshpass\b${REST_OF_COMMAND}\s-p[ \t]*(?:${QUOTED_VALUE}|${BARE_VALUE})`, 'g'),
    captured: true,
  },
  // docker|podman|nerdctl login -p PASSWORD; the --password form is the flag pattern's. `login` right after the
  // program: looking further for it would make the search quadratic, and global options before it are rare.
  {
    kind: 'password',
    pattern: new RegExp(
      String.raw`\b(?:docker|podman|nerdctl|buildah)[ \t]+login\b${REST_OF_COMMAND}\s-p(?:[ \t]+|=)?(?:${QUOTED_VALUE}|${BARE_VALUE})`,
      'g',
    ),
    captured: true,
  },
  // -H/--header "X-Api-Key: …" (curl, wget, http clients): the whole value, a Cookie's several pairs too. An
  // Authorization value with its scheme was redacted by the `authorization` pattern, which keeps the scheme.
  {
    kind: 'header',
    pattern: new RegExp(
      String.raw`(?<![\w-])(?:-H|--header)(?:[ \t]+|=)(?:\\?["']${CREDENTIAL_HEADER}:[ \t]*${HEADER_VALUE_IS_REFERENCE}([^"'\`\\\n]+)|${CREDENTIAL_HEADER}:${HEADER_VALUE_IS_REFERENCE}([^\s"'\`\\;&|]+))`,
      'gi',
    ),
    captured: true,
  },
];

// Order matters: whole blocks and well-known token formats first, so that the assignment patterns meet an already
// redacted value (`GITHUB_TOKEN=[redacted:github-token]`) and leave it alone.
const TOKEN_PATTERNS: readonly SecretPattern[] = [
  // A key block cut off before its END line (a long command clipped for the summary) is still a key.
  {
    kind: 'private-key',
    pattern:
      /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/g,
  },
  // The scheme starts where its run of characters starts and is short, which keeps the search linear.
  {
    kind: 'url-password',
    pattern: /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]{0,31}:\/\/[^\s/:@'"]*:([^\s/@'"]+)(?=@)/gi,
    captured: true,
  },
  { kind: 'aws-access-key', pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g },
  {
    kind: 'aws-secret-key',
    pattern: /\baws_?secret_?(?:access_?)?key["']?\s*[:=]\s*["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/gi,
    captured: true,
  },
  { kind: 'github-token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g },
  { kind: 'gitlab-token', pattern: /\bgl(?:pat|dt|rt|ptt|cbt|oas)-[A-Za-z0-9_-]{20,}/g },
  { kind: 'slack-token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { kind: 'slack-webhook', pattern: /\bhttps:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/_-]+/g },
  // Secret and restricted keys only: `pk_live_…` is a publishable key, meant to be public.
  { kind: 'stripe-key', pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\b/g },
  { kind: 'anthropic-key', pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g },
  // A digit is required: `sk-` followed by a long kebab-case name (a branch, a package) is not a key.
  { kind: 'openai-key', pattern: /\bsk-(?!ant-)(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}/g },
  { kind: 'google-api-key', pattern: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g },
  { kind: 'npm-token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { kind: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g },
  {
    kind: 'authorization',
    pattern: new RegExp(
      String.raw`\bauthorization["']?\s*[:=]\s*["']?(?:bearer|basic|token)\s+${NOT_A_LITERAL}([^\s"'\`,;]+)`,
      'gi',
    ),
    captured: true,
  },
  // `--password hunter2`, `--db-password=…`, `--api-key …`; not `--token-file x`, `--no-password --verbose`.
  {
    kind: 'flag',
    pattern: new RegExp(
      String.raw`(?<![\w-])--(?:[a-z]+-)*(?:password|passwd|token|secret|api-?key|access-?key)(?:=|\s+)${NOT_A_LITERAL}(?!-)([^\s"'\`;&|]+)`,
      'gi',
    ),
    captured: true,
  },
];

/**
 * Values assigned to a secret-sounding name; groups: name, separator, opening quote, value. The redacted kind
 * follows the name (`DB_PASSWORD=…` → password).
 */
const ASSIGNMENT_PATTERNS: readonly RegExp[] = [
  // NAME=value (shell, .env, ini, a URL's query), optionally quoted
  new RegExp(String.raw`${SECRET_NAME}(["']?\s*=\s*)(["']?)${NOT_A_LITERAL}([^\s"'\`&;,]+)`, 'gi'),
  // "name": "value" (JSON, quoted YAML), with escaped quotes inside the value
  new RegExp(String.raw`${SECRET_NAME}(["']?\s*:\s*)(["'])${NOT_A_LITERAL}((?:\\.|(?!\3)[^\\\n])+)(?=\3)`, 'gi'),
  // name: value to the end of its line (YAML); not `password: string;` or `f(token: Token)`, which are code
  new RegExp(String.raw`${SECRET_NAME}(\s*:[ \t]+)()${NOT_A_LITERAL}([^\s"'\`,;(){}[\]]+)(?=[ \t]*$)`, 'gim'),
];

function kindOfName(name: string): string {
  const lower = name.toLowerCase();
  if (/passw|pwd/.test(lower)) return 'password';
  if (/api[_-]?key|apikey|access[_-]?key/.test(lower)) return 'api-key';
  if (lower.includes('token')) return 'token';
  return 'secret';
}

/**
 * A literal every pattern above needs somewhere in its match (a key's prefix, `://`, `--`, a secret-sounding
 * name). Most of what the audit log summarises (paths, short commands) holds none of them, and one scan for the
 * lot then replaces the ~25 scans of the patterns. Case-insensitive, so it is a superset of the case-sensitive
 * prefixes; keep it in step with the patterns (redact.test.ts checks every kind on its own).
 */
const MAY_HOLD_SECRET =
  /-----BEGIN|:\/\/|A[KS]IA|ABIA|ACCA|aws|gh[pousr]_|github_pat_|gl(?:pat|dt|rt|ptt|cbt|oas)-|xox[abposr]-|_(?:live|test)_|sk-|AIza|npm_|eyJ|authorization|--|passw|pwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credential|curl|mysql|mariadb|sshpass|login|-H/i;

/** The capture group that matched, from a replacer's arguments (the groups, then the offset, a number). */
function matchedGroup(args: unknown[]): string {
  for (const arg of args) {
    if (typeof arg === 'number') break;
    if (typeof arg === 'string') return arg;
  }
  return '';
}

export function redactSecrets(text: string): string {
  if (!MAY_HOLD_SECRET.test(text)) return text;
  let result = text;
  for (const { kind, pattern, captured } of [...TOKEN_PATTERNS, ...COMMAND_LINE_PATTERNS]) {
    result = result.replace(pattern, (match: string, ...groups: unknown[]) => {
      if (!captured) return `[redacted:${kind}]`;
      const secret = matchedGroup(groups);
      return `${match.slice(0, match.length - secret.length)}[redacted:${kind}]`;
    });
  }
  for (const pattern of ASSIGNMENT_PATTERNS) {
    result = result.replace(
      pattern,
      (_match, name: string, separator: string, quote: string) =>
        `${name}${separator}${quote}[redacted:${kindOfName(name)}]`,
    );
  }
  return result;
}
