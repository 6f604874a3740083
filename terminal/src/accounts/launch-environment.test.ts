import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accountConfigDir, type ClaudeAccount, DEFAULT_ACCOUNT } from './account';
import { claudeLaunch, SCRUBBED_VARIABLES } from './launch-environment';

const work: ClaudeAccount = {
  id: 'work',
  name: 'Work',
  isDefault: false,
  configDir: accountConfigDir('/home/ann/.ssg', 'work'),
};

// What a pty host started from inside a Claude Code session, with a gateway and keys configured, inherits.
const inherited: NodeJS.ProcessEnv = {
  PATH: '/usr/bin:/bin',
  HOME: '/home/ann',
  LANG: 'de_DE.UTF-8',
  TERM: 'dumb',
  ANTHROPIC_BASE_URL: 'https://gateway.example.com',
  ANTHROPIC_API_KEY: 'sk-ant-api03-KEY',
  ANTHROPIC_AUTH_TOKEN: 'bearer',
  CLAUDE_CODE_OAUTH_TOKEN: 'sk-ant-oat01-SETUP',
  CLAUDE_CONFIG_DIR: '/home/ann/.config/claude',
  CLAUDE_SECURESTORAGE_CONFIG_DIR: '/elsewhere',
  CLAUDECODE: '1',
  CLAUDE_CODE_ENTRYPOINT: 'cli',
  CLAUDE_CODE_SESSION_ID: '6f1c…',
  CLAUDE_CODE_USE_BEDROCK: '1',
  CLAUDE_CODE_MAX_OUTPUT_TOKENS: '8000',
  ELECTRON_RUN_AS_NODE: '1',
  UNSET: undefined,
};

describe('claudeLaunch', () => {
  it('runs `claude` for another account with CLAUDE_CONFIG_DIR set to its folder, and nothing that overrides it', () => {
    const launch = claudeLaunch(work, { inherited, platform: 'linux' });
    assert.equal(launch.file, 'claude');
    assert.deepEqual(launch.args, []);
    assert.deepEqual(launch.env, {
      PATH: '/usr/bin:/bin',
      HOME: '/home/ann',
      LANG: 'de_DE.UTF-8',
      TERM: 'xterm-256color',
      COLORTERM: 'truecolor',
      ANTHROPIC_BASE_URL: 'https://gateway.example.com',
      CLAUDE_CODE_MAX_OUTPUT_TOKENS: '8000',
      CLAUDE_CONFIG_DIR: '/home/ann/.ssg/claude-accounts/work',
    });
  });

  it('runs the default account with CLAUDE_CONFIG_DIR unset, even when ssg inherited one', () => {
    const { env } = claudeLaunch(DEFAULT_ACCOUNT, { inherited, platform: 'linux' });
    assert.equal('CLAUDE_CONFIG_DIR' in env, false);
    for (const name of SCRUBBED_VARIABLES) assert.equal(name in env, false, name);
  });

  it('keeps variables a caller names, but never an inherited CLAUDE_CONFIG_DIR', () => {
    const { env } = claudeLaunch(work, { inherited, keep: ['ANTHROPIC_API_KEY', 'CLAUDE_CODE_USE_BEDROCK'] });
    assert.equal(env.ANTHROPIC_API_KEY, 'sk-ant-api03-KEY');
    assert.equal(env.CLAUDE_CODE_USE_BEDROCK, '1');
    assert.equal(env.CLAUDE_CODE_OAUTH_TOKEN, undefined);
    assert.throws(() => claudeLaunch(work, { inherited, keep: ['CLAUDE_CONFIG_DIR'] }), /set by the account/);
  });

  it('uses the executable it is given', () => {
    assert.equal(
      claudeLaunch(work, { inherited, claudeCommand: '/opt/claude/bin/claude' }).file,
      '/opt/claude/bin/claude',
    );
  });

  const locales: Array<{ platform: NodeJS.Platform; given: NodeJS.ProcessEnv; lang: string | undefined }> = [
    { platform: 'linux', given: {}, lang: 'C.UTF-8' },
    { platform: 'darwin', given: {}, lang: 'en_US.UTF-8' },
    { platform: 'win32', given: {}, lang: undefined },
    { platform: 'linux', given: { LANG: 'en_GB.UTF-8' }, lang: 'en_GB.UTF-8' },
    { platform: 'linux', given: { LC_ALL: 'C' }, lang: undefined },
    { platform: 'darwin', given: { LC_CTYPE: 'UTF-8' }, lang: undefined },
    { platform: 'linux', given: { LANG: '' }, lang: 'C.UTF-8' },
  ];
  for (const { platform, given, lang } of locales)
    it(`sets LANG=${lang} on ${platform} given ${JSON.stringify(given)}`, () => {
      assert.equal(claudeLaunch(work, { inherited: given, platform }).env.LANG, lang);
    });

  it('scrubs on Windows whatever the case of the name, and sets the folder under its canonical name', () => {
    const { env } = claudeLaunch(work, {
      inherited: { Path: 'C:\\Windows', Anthropic_Api_Key: 'k', claude_config_dir: 'C:\\x', ClaudeCode: '1' },
      platform: 'win32',
    });
    assert.deepEqual(env, {
      Path: 'C:\\Windows',
      CLAUDE_CONFIG_DIR: work.configDir,
      TERM: 'xterm-256color',
      COLORTERM: 'truecolor',
    });
  });
});
