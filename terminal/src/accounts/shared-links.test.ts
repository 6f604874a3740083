import assert from 'node:assert/strict';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { NEVER_SHARED, repairSharedLinks, SHARED_ITEMS } from './shared-links';

describe('repairSharedLinks', () => {
  let root: string;
  let mainDir: string;
  let configDir: string;
  let dotfiles: string;
  beforeEach(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'ssg-links-')));
    mainDir = join(root, 'home', '.claude');
    configDir = join(root, 'ssg', 'claude-accounts', 'work');
    dotfiles = join(root, 'dotfiles');
    mkdirSync(dotfiles, { recursive: true });
    mkdirSync(mainDir, { recursive: true });
    // The user's settings are themselves a link into a dotfiles repository: the account's link must skip it.
    writeFileSync(join(dotfiles, 'settings.json'), '{"theme":"dark"}');
    symlinkSync(join(dotfiles, 'settings.json'), join(mainDir, 'settings.json'));
    writeFileSync(join(mainDir, 'CLAUDE.md'), '# mine');
    for (const folder of ['skills', 'agents', 'commands', 'plugins', 'hooks']) mkdirSync(join(mainDir, folder));
    writeFileSync(join(mainDir, '.credentials.json'), '{"claudeAiOauth":{"accessToken":"sk-ant-oat01-main"}}');
    writeFileSync(join(mainDir, '.claude.json'), '{"oauthAccount":{"emailAddress":"main@example.com"}}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('links every shared item to its final target, creating ~/.claude/projects, and nothing else', () => {
    assert.deepEqual(repairSharedLinks({ configDir, mainDir }), []);
    assert.ok(lstatSync(join(mainDir, 'projects')).isDirectory(), 'projects/ made in ~/.claude');
    for (const item of SHARED_ITEMS) {
      const link = join(configDir, item);
      assert.ok(lstatSync(link).isSymbolicLink(), item);
      const final = realpathSync(join(mainDir, item));
      assert.equal(readlinkSync(link), final, `${item} points at the final file`);
    }
    assert.equal(readlinkSync(join(configDir, 'settings.json')), join(dotfiles, 'settings.json'));
    for (const identity of NEVER_SHARED) assert.equal(existsSync(join(configDir, identity)), false, identity);
    assert.equal(readFileSync(join(configDir, 'CLAUDE.md'), 'utf8'), '# mine');
  });

  it('changes nothing on a second run', () => {
    repairSharedLinks({ configDir, mainDir });
    const before = SHARED_ITEMS.map((item) => lstatSync(join(configDir, item)).ino);
    assert.deepEqual(repairSharedLinks({ configDir, mainDir }), []);
    assert.deepEqual(
      SHARED_ITEMS.map((item) => lstatSync(join(configDir, item)).ino),
      before,
    );
  });

  it('never links .credentials.json or .claude.json, even asked to link everything in ~/.claude', () => {
    repairSharedLinks({ configDir, mainDir });
    assert.ok(!SHARED_ITEMS.some((item) => NEVER_SHARED.includes(item)));
    assert.equal(existsSync(join(configDir, '.credentials.json')), false);
    assert.equal(existsSync(join(configDir, '.claude.json')), false);
  });

  it('skips what ~/.claude lacks, and links it once it exists', () => {
    rmSync(join(mainDir, 'CLAUDE.md'));
    rmSync(join(mainDir, 'hooks'), { recursive: true });
    assert.deepEqual(repairSharedLinks({ configDir, mainDir }), []);
    assert.equal(existsSync(join(configDir, 'CLAUDE.md')), false);
    assert.equal(existsSync(join(configDir, 'hooks')), false);
    writeFileSync(join(mainDir, 'CLAUDE.md'), '# later');
    assert.deepEqual(repairSharedLinks({ configDir, mainDir }), []);
    assert.equal(readFileSync(join(configDir, 'CLAUDE.md'), 'utf8'), '# later');
  });

  it('reports a link replaced by a file of its own, and leaves the file and its edits alone', () => {
    repairSharedLinks({ configDir, mainDir });
    // What Claude Code's atomic write does to a link it cannot follow.
    unlinkSync(join(configDir, 'settings.json'));
    writeFileSync(join(configDir, 'settings.json'), '{"theme":"light"}');
    rmSync(join(configDir, 'skills'));
    mkdirSync(join(configDir, 'skills'));
    const problems = repairSharedLinks({ configDir, mainDir });
    assert.deepEqual(
      problems.map(({ item, kind, path }) => ({ item, kind, path })),
      [
        { item: 'settings.json', kind: 'not-a-link', path: join(configDir, 'settings.json') },
        { item: 'skills', kind: 'not-a-link', path: join(configDir, 'skills') },
      ],
    );
    assert.match(
      problems[0]!.message,
      /is a file of its own, not a link to .*dotfiles\/settings\.json.*merge them into/,
    );
    assert.match(problems[1]!.message, /is a folder of its own/);
    assert.equal(readFileSync(join(configDir, 'settings.json'), 'utf8'), '{"theme":"light"}');
  });

  it('replaces a link to the wrong place or to a link (a chain Claude Code cannot write through)', () => {
    mkdirSync(configDir, { recursive: true });
    symlinkSync(join(mainDir, 'settings.json'), join(configDir, 'settings.json'));
    symlinkSync(join(root, 'gone'), join(configDir, 'agents'));
    assert.deepEqual(repairSharedLinks({ configDir, mainDir }), []);
    assert.equal(readlinkSync(join(configDir, 'settings.json')), join(dotfiles, 'settings.json'));
    assert.equal(readlinkSync(join(configDir, 'agents')), join(mainDir, 'agents'));
  });

  it('reports an identity file that is a link (another account’s login)', () => {
    mkdirSync(configDir, { recursive: true });
    symlinkSync(join(mainDir, '.credentials.json'), join(configDir, '.credentials.json'));
    const problems = repairSharedLinks({ configDir, mainDir });
    assert.deepEqual(
      problems.map(({ item, kind }) => ({ item, kind })),
      [{ item: '.credentials.json', kind: 'identity-shared' }],
    );
    assert.ok(lstatSync(join(configDir, '.credentials.json')).isSymbolicLink(), 'reported, not removed');
  });

  it('reports links it cannot make instead of throwing', () => {
    // A path one character short of PATH_MAX: `<folder>/settings.json` is too long to link, the shorter names fit.
    const parent = join(root, 'deep');
    let deep = parent;
    while (deep.length < 4085 - 200) deep = join(deep, 'd'.repeat(199));
    deep = join(deep, 'e'.repeat(4085 - deep.length - 1));
    assert.equal(deep.length, 4085);
    const problems = repairSharedLinks({ configDir: deep, mainDir });
    assert.deepEqual(
      problems.map(({ item, kind }) => ({ item, kind })),
      [{ item: 'settings.json', kind: 'cannot-link' }],
    );
    assert.match(problems[0]!.message, /Cannot link .* \(ENAMETOOLONG\), so this account does not share it\.$/);
  });

  it('reports every link when the account folder cannot be made', () => {
    writeFileSync(join(root, 'a-file'), '');
    const problems = repairSharedLinks({ configDir: join(root, 'a-file', 'work'), mainDir });
    assert.deepEqual(
      problems.map(({ kind }) => kind),
      SHARED_ITEMS.map(() => 'cannot-link'),
    );
  });
});
