import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { InstallFixture } from '../install/install-fixture.testing';
import { InstallReport } from '../install/install-report';
import { antigravityInstaller } from './installer';

const WRAPPER = 'project/.ssg/bin/bash';
const USER_RULES = 'project/.ssg/rules/mine.rules';

describe('antigravity installer', () => {
  let fx: InstallFixture;
  beforeEach(() => {
    fx = new InstallFixture();
    fx.write(USER_RULES, 'RULE mine\n');
  });
  afterEach(() => fx.cleanup());

  it('writes the wrapper (0755) once, names it in the manual steps, and uninstalls only it', () => {
    const report = new InstallReport();
    fx.withPath(true, () => antigravityInstaller.install(fx.target, report));
    assert.match(fx.read(WRAPPER)!, /^#!\/bin\/sh\n# ssg's bash wrapper/);
    assert.equal(statSync(join(fx.root, WRAPPER)).mode & 0o777, 0o755);
    assert.deepEqual(report.manualSteps, [
      `Set SHELL=${join(fx.root, WRAPPER)} (and SSG_CLIENT=antigravity) in the environment Antigravity starts from, then restart it.`,
    ]);
    const installed = fx.snapshot();
    antigravityInstaller.install(fx.target, new InstallReport());
    assert.deepEqual(fx.snapshot(), installed);
    antigravityInstaller.uninstall(fx.target, new InstallReport());
    assert.equal(fx.read(WRAPPER), undefined);
    assert.equal(fx.read(USER_RULES), 'RULE mine\n');
  });

  it('keeps a wrapper the user edited', () => {
    fx.write(WRAPPER, '#!/bin/sh\nexec /bin/bash "$@"\n');
    const report = new InstallReport();
    antigravityInstaller.uninstall(fx.target, report);
    assert.equal(fx.read(WRAPPER), '#!/bin/sh\nexec /bin/bash "$@"\n');
    assert.equal(report.files[0]?.action, 'kept');
  });

  it('is healthy with the shipped wrapper and ssg on PATH', () => {
    const problems = (ssgOnPath = true) => fx.withPath(ssgOnPath, () => antigravityInstaller.problems(fx.target));
    assert.match(problems().join('\n'), /\.ssg\/bin\/bash does not exist/);
    antigravityInstaller.install(fx.target, new InstallReport());
    assert.deepEqual(problems(), []);
    assert.deepEqual(problems(false), ['`ssg` is not on PATH, so the wrapper cannot judge commands']);
    fx.write(WRAPPER, 'stale');
    assert.match(problems().join('\n'), /differs from the hook this ssg ships/);
  });
});
