import assert from 'node:assert/strict';
import { readFileSync, statSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { resourcesDir } from '@ssg/node/resources';
import { ALL_HOOKS, BASH_WRAPPER, hookProblem, installHook, NODE_HOOK, uninstallHook } from './hook-templates';
import { InstallFixture } from './install-fixture.testing';
import { InstallReport } from './install-report';

describe('hook templates', () => {
  let fx: InstallFixture;
  let dir: string;
  beforeEach(() => {
    fx = new InstallFixture();
    dir = join(fx.root, 'hooks');
  });
  afterEach(() => fx.cleanup());

  for (const template of ALL_HOOKS) {
    it(`installs ${template.relativePath} byte for byte, once`, () => {
      const path = installHook(dir, template, new InstallReport());
      assert.equal(
        readFileSync(path, 'utf8'),
        readFileSync(join(resourcesDir(), 'hooks', template.relativePath), 'utf8'),
      );
      assert.equal(statSync(path).mode & 0o777, template.executable ? 0o755 : 0o644);
      assert.equal(hookProblem(dir, template), undefined);
      const installed = fx.snapshot();
      const report = new InstallReport();
      installHook(dir, template, report);
      assert.deepEqual(fx.snapshot(), installed);
      assert.equal(report.changed, false);
    });
  }

  it('restores the mode of a wrapper made non-executable', () => {
    const path = installHook(dir, BASH_WRAPPER, new InstallReport());
    chmodSync(path, 0o644);
    assert.match(hookProblem(dir, BASH_WRAPPER) ?? '', /is not executable/);
    installHook(dir, BASH_WRAPPER, new InstallReport());
    assert.equal(statSync(path).mode & 0o777, 0o755);
  });

  const problems: Array<{ name: string; content?: string; want: RegExp }> = [
    { name: 'missing', want: /does not exist/ },
    { name: 'edited', content: '// mine\n', want: /differs from the hook this ssg ships/ },
    { name: 'empty', content: '', want: /differs/ },
  ];
  for (const tc of problems) {
    it(`reports a ${tc.name} hook`, () => {
      if (tc.content !== undefined) fx.write(join('hooks', NODE_HOOK.relativePath), tc.content);
      assert.match(hookProblem(dir, NODE_HOOK) ?? '', tc.want);
    });
  }

  it('uninstalls an unmodified hook and keeps an edited one', () => {
    installHook(dir, BASH_WRAPPER, new InstallReport());
    fx.write(join('hooks', NODE_HOOK.relativePath), '// the user changed this\n');
    const report = new InstallReport();
    uninstallHook(dir, BASH_WRAPPER, report);
    uninstallHook(dir, NODE_HOOK, report);
    uninstallHook(dir, NODE_HOOK, report);
    assert.equal(fx.read(join('hooks', BASH_WRAPPER.relativePath)), undefined);
    assert.equal(fx.read(join('hooks', NODE_HOOK.relativePath)), '// the user changed this\n');
    assert.deepEqual(
      report.files.map((file) => file.action),
      ['removed', 'kept', 'kept'],
    );
  });
});
