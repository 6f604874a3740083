// Secrets in commands, file contents and URLs come out as `[redacted:<kind>]`, and text that only looks like a
// secret stays as it was. The fake secrets are assembled at run time so that no scanner mistakes this file for
// a leak.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { redactSecrets } from './redact';

const join = (...parts: string[]): string => parts.join('');
const alnum = (length: number): string => 'aB3dE6gH9jK2mN5pQ8sT1vW4yZ7'.repeat(10).slice(0, length);

const awsAccessKey = join('AK', 'IA', 'IOSFODNN7EXAMPLE');
const awsSecretKey = join('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCYEXAMPLEKEY');
const githubToken = join('gh', 'p_', alnum(36));
const githubPat = join('github', '_pat_', alnum(22), '_', alnum(59));
const gitlabToken = join('gl', 'pat-', alnum(20));
const slackToken = join('xo', 'xb-', '1234567890-', alnum(24));
const slackWebhook = join('https://hooks.', 'slack.com/services/', 'T0000/B0000/', alnum(24));
const stripeKey = join('sk', '_live_', alnum(24));
const anthropicKey = join('sk-', 'ant-api03-', alnum(40));
const openaiKey = join('sk-', 'proj-', alnum(40));
const googleKey = join('AI', 'za', alnum(35));
const npmToken = join('np', 'm_', alnum(36));
const jwt = join('ey', 'JhbGciOiJIUzI1NiJ9', '.', 'ey', 'JzdWIiOiIxMjM0In0', '.', alnum(43));
const privateKey = join('-----BEGIN ', 'RSA PRIVATE KEY-----\nMIIEow', alnum(60), '\n-----END RSA PRIVATE KEY-----');

describe('redactSecrets: secrets are replaced, the text around them stays', () => {
  const cases: Array<[string, string, string]> = [
    [
      'AWS access key id',
      `aws s3 ls --profile x # ${awsAccessKey}`,
      'aws s3 ls --profile x # [redacted:aws-access-key]',
    ],
    [
      'AWS secret key in an env assignment',
      `AWS_SECRET_ACCESS_KEY=${awsSecretKey} aws s3 ls`,
      'AWS_SECRET_ACCESS_KEY=[redacted:aws-secret-key] aws s3 ls',
    ],
    [
      'AWS secret key in a credentials file',
      `aws_secret_access_key = ${awsSecretKey}\n`,
      'aws_secret_access_key = [redacted:aws-secret-key]\n',
    ],
    [
      'GitHub token',
      `git clone https://x:${githubToken}@github.com/o/r`,
      'git clone https://x:[redacted:url-password]@github.com/o/r',
    ],
    [
      'GitHub token alone',
      `echo ${githubToken} | gh auth login --with-token`,
      'echo [redacted:github-token] | gh auth login --with-token',
    ],
    ['GitHub fine-grained token', `GH_TOKEN=${githubPat} gh pr list`, 'GH_TOKEN=[redacted:github-token] gh pr list'],
    [
      'GitLab token',
      `curl -H "PRIVATE-TOKEN: ${gitlabToken}" https://gitlab.example/api`,
      'curl -H "PRIVATE-TOKEN: [redacted:gitlab-token]" https://gitlab.example/api',
    ],
    ['Slack token', `slack-cli --t ${slackToken}`, 'slack-cli --t [redacted:slack-token]'],
    ['Slack webhook', `curl -X POST ${slackWebhook} -d '{}'`, "curl -X POST [redacted:slack-webhook] -d '{}'"],
    ['Stripe secret key', `stripe.api_key = "${stripeKey}"`, 'stripe.api_key = "[redacted:stripe-key]"'],
    ['Anthropic key', `export ANTHROPIC_API_KEY=${anthropicKey}`, 'export ANTHROPIC_API_KEY=[redacted:anthropic-key]'],
    ['OpenAI key', `client = OpenAI(api_key="${openaiKey}")`, 'client = OpenAI(api_key="[redacted:openai-key]")'],
    [
      'Google API key',
      `fetch("https://maps.example/?key=${googleKey}")`,
      'fetch("https://maps.example/?key=[redacted:google-api-key]")',
    ],
    [
      'npm token',
      `//registry.npmjs.org/:_authToken=${npmToken}`,
      '//registry.npmjs.org/:_authToken=[redacted:npm-token]',
    ],
    ['JWT', `curl -b session=${jwt} https://x`, 'curl -b session=[redacted:jwt] https://x'],
    [
      'Authorization: Bearer',
      'curl -H "Authorization: Bearer abc.def-123" https://api.example',
      'curl -H "Authorization: Bearer [redacted:authorization]" https://api.example',
    ],
    [
      'Authorization header in JSON',
      '{"Authorization":"Basic dXNlcjpwYXNz"}',
      '{"Authorization":"Basic [redacted:authorization]"}',
    ],
    ['private key block', `cat > id_rsa <<EOF\n${privateKey}\nEOF`, 'cat > id_rsa <<EOF\n[redacted:private-key]\nEOF'],
    ['private key block cut before its END line', `echo "${privateKey.slice(0, 60)}`, 'echo "[redacted:private-key]'],
    [
      'URL with user:pass@',
      'psql postgres://admin:s3cr3t@db.internal:5432/app',
      'psql postgres://admin:[redacted:url-password]@db.internal:5432/app',
    ],
    [
      'URL with only a password',
      'redis-cli -u redis://:hunter2@cache:6379',
      'redis-cli -u redis://:[redacted:url-password]@cache:6379',
    ],
    [
      'password= assignment',
      'mysql_config password=hunter2 host=db',
      'mysql_config password=[redacted:password] host=db',
    ],
    [
      'token= in a query string',
      'curl "https://x.example/hook?token=abc123&x=1"',
      'curl "https://x.example/hook?token=[redacted:token]&x=1"',
    ],
    ['secret= in an .env file', 'CLIENT_SECRET=shhh\nPORT=3000', 'CLIENT_SECRET=[redacted:secret]\nPORT=3000'],
    [
      'a URL-encoded token',
      'curl "https://x.example/?access_token=%2Fab%3D"',
      'curl "https://x.example/?access_token=[redacted:token]"',
    ],
    ['api_key= quoted', "API_KEY='k-12345'", "API_KEY='[redacted:api-key]'"],
    [
      'JSON field',
      '{"user":"bob","password":"hun\\"ter2","x":1}',
      '{"user":"bob","password":"[redacted:password]","x":1}',
    ],
    ['YAML field', 'db:\n  password: hunter2\n  host: x', 'db:\n  password: [redacted:password]\n  host: x'],
    ['--password flag', 'mysql -u root --password hunter2 app', 'mysql -u root --password [redacted:flag] app'],
    [
      '--password= flag',
      'pg_dump --db-password=hunter2 -f out.sql',
      'pg_dump --db-password=[redacted:flag] -f out.sql',
    ],
    ['--api-key flag', 'tool deploy --api-key abc123 --yes', 'tool deploy --api-key [redacted:flag] --yes'],
    [
      'several in one command',
      `A_TOKEN=x1 B_PASSWORD=y2 run --secret z3`,
      'A_TOKEN=[redacted:token] B_PASSWORD=[redacted:password] run --secret [redacted:flag]',
    ],
  ];
  for (const [name, input, expected] of cases) {
    test(name, () => assert.equal(redactSecrets(input), expected));
  }
});

// Credentials passed on a command line by the tools that take them there: each in its `=`, space, attached and
// quoted forms, inside `bash -c '…'`, and several in one command. The user name, the flag and the tool stay.
describe('redactSecrets: credentials on a command line', () => {
  const cases: Array<[string, string, string]> = [
    ['curl -u user:pass', 'curl -u alice:hunter2 https://x', 'curl -u alice:[redacted:password] https://x'],
    ['curl --user user:pass', 'curl --user alice:hunter2 https://x', 'curl --user alice:[redacted:password] https://x'],
    ['curl --user=user:pass', 'curl --user=alice:hunter2 https://x', 'curl --user=alice:[redacted:password] https://x'],
    ['curl -uuser:pass (attached)', 'curl -ualice:hunter2 https://x', 'curl -ualice:[redacted:password] https://x'],
    [
      'curl -su user:pass (a flag cluster)',
      'curl -su alice:hunter2 https://x',
      'curl -su alice:[redacted:password] https://x',
    ],
    [
      'curl -u "user:pass with spaces"',
      'curl -u "alice:hun ter2" https://x',
      'curl -u "alice:[redacted:password]" https://x',
    ],
    [
      "curl -u 'user:pass'",
      "curl -fsS -u 'alice:hunter2' https://x",
      "curl -fsS -u 'alice:[redacted:password]' https://x",
    ],
    [
      "curl -u inside bash -c '…'",
      "bash -c 'curl -u alice:hunter2 https://x && ls'",
      "bash -c 'curl -u alice:[redacted:password] https://x && ls'",
    ],
    ['mysql -pPASS', 'mysql -u root -phunter2 app', 'mysql -u root -p[redacted:password] app'],
    ["mysql -p'PASS'", "mysqldump -uroot -p'hun ter2' app", "mysqldump -uroot -p'[redacted:password]' app"],
    ['mysql --password=PASS', 'mysql --password=hunter2 app', 'mysql --password=[redacted:flag] app'],
    ['mariadb -pPASS', 'mariadb -h db -P 3306 -phunter2', 'mariadb -h db -P 3306 -p[redacted:password]'],
    ['sshpass -p PASS', 'sshpass -p hunter2 ssh deploy@host', 'sshpass -p [redacted:password] ssh deploy@host'],
    ['sshpass -pPASS', 'sshpass -phunter2 scp a host:b', 'sshpass -p[redacted:password] scp a host:b'],
    [
      'docker login -p PASS',
      'docker login -u bob -p hunter2 reg.io',
      'docker login -u bob -p [redacted:password] reg.io',
    ],
    [
      'docker login --password PASS',
      'docker login --password hunter2 reg.io',
      'docker login --password [redacted:flag] reg.io',
    ],
    ['podman login -pPASS', 'podman login -u bob -phunter2 reg.io', 'podman login -u bob -p[redacted:password] reg.io'],
    ['-H "X-Api-Key: …"', 'curl -H "X-Api-Key: abc123" https://x', 'curl -H "X-Api-Key: [redacted:header]" https://x'],
    [
      "-H 'X-Auth-Token: …'",
      "curl -H 'X-Auth-Token: abc123' https://x",
      "curl -H 'X-Auth-Token: [redacted:header]' https://x",
    ],
    [
      '--header=X-Api-Key:…',
      'curl --header=X-Api-Key:abc123 https://x',
      'curl --header=X-Api-Key:[redacted:header] https://x',
    ],
    [
      '-H "Cookie: …" with several values',
      'curl -H "Cookie: session=abc; theme=dark" https://x',
      'curl -H "Cookie: [redacted:header]" https://x',
    ],
    [
      '-H "Authorization: Bearer …" keeps its scheme',
      'curl -H "Authorization: Bearer abc123" https://x',
      'curl -H "Authorization: Bearer [redacted:authorization]" https://x',
    ],
    [
      '-H "Authorization: …" with no scheme',
      'curl -H "Authorization: abc123" https://x',
      'curl -H "Authorization: [redacted:header]" https://x',
    ],
    [
      'escaped quotes inside bash -c "…"',
      'bash -c "curl -H \\"X-Api-Key: abc123\\" https://x"',
      'bash -c "curl -H \\"X-Api-Key: [redacted:header]\\" https://x"',
    ],
    [
      'several secrets in one command',
      'sshpass -p one ssh h "mysql -ptwo" && curl -u a:three -H "X-Api-Key: four" https://x',
      'sshpass -p [redacted:password] ssh h "mysql -p[redacted:password]" && ' +
        'curl -u a:[redacted:password] -H "X-Api-Key: [redacted:header]" https://x',
    ],
  ];
  for (const [name, input, expected] of cases) {
    test(name, () => assert.equal(redactSecrets(input), expected));
  }

  const unchanged: Array<[string, string]> = [
    ['mysql -p with no value prompts for it', 'mysql -u root -p app'],
    ['mysql -P is the port', 'mysql -h db -P3306 -u root -p'],
    ['grep -p is not a password', 'grep -p pattern file'],
    ['curl -u with no password prompts for it', 'curl -u alice https://x'],
    ['curl -u with an empty password', 'curl -u alice: https://x'],
    ['curl -u from variables', 'curl -u "$USER:$PASS" https://x'],
    ['docker run -u is a user and group', 'docker run -u 1000:1000 -p 8080:80 img'],
    ['docker run -p is a port', 'docker run -p 5432:5432 postgres'],
    ['docker login --password-stdin', 'echo "$PW" | docker login -u bob --password-stdin reg.io'],
    ['sshpass -f takes a file', 'sshpass -f ~/.pw ssh host'],
    ['an -H header that is no credential', 'curl -H "Content-Type: application/json" -H "Accept: */*" https://x'],
    ['a header from a variable', 'curl -H "X-Api-Key: $API_KEY" https://x'],
    ['ps -u lists a user', 'ps -u root:wheel; curl https://x'],
  ];
  for (const [name, input] of unchanged) {
    test(`unchanged: ${name}`, () => assert.equal(redactSecrets(input), input));
  }
});

describe('redactSecrets: look-alikes are left alone', () => {
  const unchanged: Array<[string, string]> = [
    ['a plain command', 'git push origin main'],
    ['max_tokens is a number, not a token', 'curl -d \'{"max_tokens": 4096}\' https://api.example'],
    ['a variable reference', 'export GITHUB_TOKEN=$GH_TOKEN'],
    ['a braced variable reference', 'curl -H "Authorization: Bearer ${TOKEN}" https://x'],
    ['a GitHub Actions secret reference', 'token: ${{ secrets.NPM_TOKEN }}'],
    ['a placeholder', 'API_KEY=<your key here>'],
    ['a Windows variable', 'set DB_PASSWORD=%DB_PASS%'],
    ['a TypeScript parameter', 'function login(user: string, password: string) {'],
    ['a TypeScript field', '  token: Token;'],
    ['a flag that takes a file', 'gh auth login --with-token < token.txt'],
    ['a --token-file flag', 'vault login --token-file ./t'],
    ['a negated flag', 'ssh-keygen --no-password --verbose'],
    ['a flag at the end', 'tool --password'],
    ['a publishable Stripe key', `Stripe(${JSON.stringify(join('pk', '_live_', alnum(24)))})`],
    ['sk- in a branch name', 'git checkout task-sk-migrate-the-whole-pipeline'],
    ['a public key block', '-----BEGIN PUBLIC KEY-----\nMIIBIjAN\n-----END PUBLIC KEY-----'],
    ['an ssh git remote', 'git clone git@github.com:org/repo.git'],
    ['a URL with a user and no password', 'ssh://deploy@host.example/srv'],
    ['an @ in a URL path', 'https://example.com/users/@alice:posts'],
    ['the word token in prose', 'echo "the token expired; ask for a new token"'],
    ['a short AKIA-like word', 'echo AKIA123'],
    ['an already redacted value', 'GITHUB_TOKEN=[redacted:github-token]'],
    ['unicode and control characters', 'echo "héllo\u0000wörld" \u202e'],
  ];
  for (const [name, input] of unchanged) {
    test(name, () => assert.equal(redactSecrets(input), input));
  }
});

// redactSecrets skips text holding none of the literals its patterns need; each kind, with the least context it
// needs and nothing else around it, proves that quick check lets every kind through.
describe('redactSecrets: every kind is found with nothing around it', () => {
  const minimal: Array<[string, string]> = [
    ['aws-access-key', awsAccessKey],
    ['aws-secret-key', `aws_secret_key=${awsSecretKey}`],
    ['github-token', githubToken],
    ['github-token', githubPat],
    ['gitlab-token', gitlabToken],
    ['slack-token', slackToken],
    ['slack-webhook', slackWebhook],
    ['stripe-key', stripeKey],
    ['stripe-key', join('rk', '_test_', alnum(24))],
    ['anthropic-key', anthropicKey],
    ['openai-key', openaiKey],
    ['google-api-key', googleKey],
    ['npm-token', npmToken],
    ['jwt', jwt],
    ['private-key', privateKey],
    ['url-password', 'https://u:s3cr3tvalue@host'],
    ['authorization', 'AUTHORIZATION: Bearer abc123'],
    ['flag', '--Api-Key abc123'],
    ['password', 'curl -u a:b'],
    ['password', 'mysql -pb'],
    ['password', 'sshpass -p b'],
    ['password', 'docker login -p b'],
    ['header', '-H X-Api-Key:b'],
    ['password', 'PWD=abc123'],
    ['password', 'Passwd=abc123'],
    ['secret', 'SECRET=abc123'],
    ['token', 'TOKEN=abc123'],
    ['api-key', 'apikey=abc123'],
    ['api-key', 'ACCESS-KEY=abc123'],
    ['secret', 'private_key=abc123'],
    ['secret', 'Credentials=abc123'],
  ];
  for (const [kind, text] of minimal) {
    test(`${kind}: ${text.slice(0, 24)}`, () => assert.ok(redactSecrets(text).includes(`[redacted:${kind}]`)));
  }
});

test('redactSecrets is linear on hostile input (no catastrophic backtracking)', () => {
  const hostile = [
    'password='.repeat(20_000),
    'password: '.repeat(20_000),
    `${'a'.repeat(100_000)}:`,
    'a-'.repeat(50_000),
    'a.'.repeat(50_000),
    `sk-${'a-'.repeat(50_000)}`,
    `https://${'a:'.repeat(20_000)}`,
    'a://'.repeat(20_000),
    `-----BEGIN PRIVATE KEY-----${'x'.repeat(100_000)}`,
    `--${'a-'.repeat(20_000)}`,
    'eyJaaaaa.'.repeat(10_000),
    'curl '.repeat(20_000),
    `curl ${'-u '.repeat(20_000)}`,
    'mysql -p'.repeat(20_000),
    'docker login '.repeat(20_000),
    `-H "${'X-Api-Key: '.repeat(20_000)}`,
    `"secret": "${'\\a'.repeat(50_000)}`,
  ];
  for (const text of hostile) {
    const started = performance.now();
    redactSecrets(text);
    assert.ok(performance.now() - started < 500, `took ${performance.now() - started} ms on ${text.slice(0, 20)}…`);
  }
});
