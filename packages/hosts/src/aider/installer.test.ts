import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { ConfigFileError } from '../config-edit/config-file-error';
import { InstallFixture } from '../install/install-fixture.testing';
import { InstallReport } from '../install/install-report';
import { AIDER_CONFIG, aiderInstaller } from './installer';

const CONFIG = 'project/.aider.conf.yml';
const HOOKS = [
  'home/.ssg/hooks/bin/bash',
  'home/.ssg/hooks/hooks/ssg-node-hook.cjs',
  'home/.ssg/hooks/hooks/python/sitecustomize.py',
];

describe('aider installer', () => {
  let fx: InstallFixture;
  beforeEach(() => {
    fx = new InstallFixture({ ssgHome: true });
  });
  afterEach(() => fx.cleanup());

  const cases: Array<{ name: string; config?: string; want: string; action: string; after?: string }> = [
    { name: 'no .aider.conf.yml: writes ours', want: AIDER_CONFIG, action: 'created' },
    {
      name: "the user's .aider.conf.yml: our lint command merged in, their keys, comments and auto-lint kept",
      config: '# team settings\nmodel: sonnet # the default\nauto-lint: false\n',
      want: '# team settings\nmodel: sonnet # the default\nauto-lint: false\nlint-cmd:\n  - ssg check .\n',
      action: 'updated',
      after: '# team settings\nmodel: sonnet # the default\nauto-lint: false\n',
    },
    {
      name: 'lint commands of their own: ours appended',
      config: 'lint-cmd:\n  - "python: flake8"\n',
      want: 'lint-cmd:\n  - "python: flake8"\n  - ssg check .\nauto-lint: true\n',
      action: 'updated',
      after: 'lint-cmd:\n  - "python: flake8"\nauto-lint: true\n',
    },
    {
      name: 'one lint command as a string: made a list with ours',
      config: 'lint-cmd: "python: flake8"\n',
      want: 'lint-cmd:\n  - "python: flake8"\n  - ssg check .\nauto-lint: true\n',
      action: 'updated',
      after: 'lint-cmd:\n  - "python: flake8"\nauto-lint: true\n',
    },
    {
      name: 'an empty .aider.conf.yml: ours merged in',
      config: '',
      want: 'lint-cmd:\n  - ssg check .\nauto-lint: true\n',
      action: 'updated',
      after: 'auto-lint: true\n',
    },
  ];
  for (const tc of cases) {
    it(`${tc.name}; hooks installed; a second run changes nothing; uninstall restores the project`, () => {
      if (tc.config !== undefined) fx.write(CONFIG, tc.config);
      const report = new InstallReport();
      fx.withPath(true, () => aiderInstaller.install(fx.target, report));
      assert.equal(fx.read(CONFIG), tc.want);
      assert.equal(report.files.find((file) => file.path.endsWith('.aider.conf.yml'))?.action, tc.action);
      for (const hook of HOOKS) assert.ok(fx.read(hook), hook);
      assert.equal(statSync(join(fx.root, HOOKS[0]!)).mode & 0o777, 0o755);
      const installed = fx.snapshot();
      const again = new InstallReport();
      fx.withPath(true, () => aiderInstaller.install(fx.target, again));
      assert.deepEqual(fx.snapshot(), installed);
      assert.equal(again.changed, false);
      assert.equal(again.files.at(-1)?.action, 'unchanged');
      aiderInstaller.uninstall(fx.target, new InstallReport());
      assert.equal(fx.read(CONFIG), tc.after);
      for (const hook of HOOKS) assert.ok(fx.read(hook), `${hook} stays: pi and nemoclaw share it`);
    });
  }

  it('prints the run environment', () => {
    const report = new InstallReport();
    aiderInstaller.install(fx.target, report);
    const hooks = join(fx.target.home, '.ssg', 'hooks');
    assert.deepEqual(report.manualSteps, [
      `Start aider with this environment: SSG_CLIENT=aider NODE_OPTIONS="--require ${join(hooks, 'hooks', 'ssg-node-hook.cjs')}" ` +
        `PYTHONPATH=${join(hooks, 'hooks', 'python')} SHELL=${join(hooks, 'bin', 'bash')}`,
    ]);
  });

  it('takes only its lint command (and the comment on it) out of a .aider.conf.yml edited after install', () => {
    aiderInstaller.install(fx.target, new InstallReport());
    fx.write(CONFIG, `${AIDER_CONFIG}model: sonnet\n`);
    aiderInstaller.uninstall(fx.target, new InstallReport());
    assert.equal(fx.read(CONFIG), 'auto-lint: true\nmodel: sonnet\n');
  });

  const malformed = ['model: [unclosed\n', '- a list\n', 'lint-cmd:\n  python: flake8\n'];
  for (const content of malformed) {
    it(`refuses .aider.conf.yml ${JSON.stringify(content)} and leaves it untouched`, () => {
      fx.write(CONFIG, content);
      assert.throws(() => aiderInstaller.install(fx.target, new InstallReport()), ConfigFileError);
      assert.equal(fx.read(CONFIG), content);
    });
  }

  it('is healthy with the three hooks and ssg on PATH', () => {
    const problems = (ssgOnPath = true) => fx.withPath(ssgOnPath, () => aiderInstaller.problems(fx.target));
    assert.equal(problems().length, 3);
    aiderInstaller.install(fx.target, new InstallReport());
    assert.deepEqual(problems(), []);
    assert.deepEqual(problems(false), ['`ssg` is not on PATH, so the hooks cannot judge calls']);
  });
});
