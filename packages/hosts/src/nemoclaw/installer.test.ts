import assert from 'node:assert/strict';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { parse } from 'yaml';
import { ConfigFileError } from '../config-edit/config-file-error';
import { InstallFixture } from '../install/install-fixture.testing';
import { InstallReport } from '../install/install-report';
import { nemoclawInstaller, POLICY_HEADER } from './installer';

const POLICY = 'home/.nemoclaw/policies/ssg-governance.yaml';
const WRAPPER = 'home/.ssg/hooks/bin/bash';
const USER_POLICY = 'home/.nemoclaw/policies/team.yaml';

describe('nemoclaw installer', () => {
  let fx: InstallFixture;
  beforeEach(() => {
    fx = new InstallFixture({ ssgHome: true });
    fx.write(USER_POLICY, 'schema: nemoclaw.policy/v1\n');
  });
  afterEach(() => fx.cleanup());
  const install = (report = new InstallReport()) =>
    fx.withPath(true, () => nemoclawInstaller.install(fx.target, report));

  it('writes the policy fragment: project writable, credentials and ssg denied, network and syscalls locked', () => {
    install();
    const text = fx.read(POLICY)!;
    assert.ok(text.startsWith(POLICY_HEADER));
    const policy = parse(text);
    assert.equal(policy.schema, 'nemoclaw.policy/v1');
    assert.ok(policy.filesystem.writable.includes(fx.target.projectDir));
    assert.ok(policy.filesystem.readonly.includes('/usr'));
    for (const dir of ['.ssh', '.aws', '.ssg'])
      assert.ok(policy.filesystem.deny.includes(join(fx.target.home, dir)), dir);
    assert.equal(policy.network.default, 'deny');
    assert.ok(policy.network.allow.includes('api.anthropic.com'));
    assert.ok(policy.network.allow.includes('registry.npmjs.org'));
    assert.equal(policy.process.deny_privileged, true);
    for (const call of ['mount', 'umount2', 'ptrace', 'init_module', 'kexec_load', 'pivot_root']) {
      assert.ok(policy.process.deny_syscalls.includes(call), call);
    }
    assert.match(fx.read(WRAPPER)!, /^#!\/bin\/sh/);
  });

  it('names policy-add and the hub ruleset in the manual steps', () => {
    const report = new InstallReport();
    install(report);
    assert.deepEqual(report.manualSteps, [
      `Apply the policy to your sandbox: nemoclaw <sandbox-name> policy-add --file=${join(fx.root, POLICY)}`,
      `Run host-side agent commands with SHELL=${join(fx.root, WRAPPER)} SSG_CLIENT=nemoclaw.`,
      'Optional: `ssg hub pull rules-nemoclaw` for the full NemoClaw ruleset.',
    ]);
  });

  it('changes nothing the second time, regenerates an edited fragment, uninstalls only the fragment', () => {
    install();
    const installed = fx.snapshot();
    install();
    assert.deepEqual(fx.snapshot(), installed);
    fx.write(POLICY, `${POLICY_HEADER}schema: old\n`);
    install();
    assert.equal(fx.read(POLICY), installed[POLICY]!.content);
    nemoclawInstaller.uninstall(fx.target, new InstallReport());
    assert.equal(fx.read(POLICY), undefined);
    assert.equal(fx.read(USER_POLICY), 'schema: nemoclaw.policy/v1\n');
    assert.ok(fx.read(WRAPPER), 'the shared wrapper stays');
  });

  const foreign = ['schema: nemoclaw.policy/v1\n', '', '# ssg\n{{{'];
  for (const content of foreign) {
    it(`refuses a fragment not written by ssg (${JSON.stringify(content)}) and leaves it, also on uninstall`, () => {
      fx.write(POLICY, content);
      assert.throws(() => install(), ConfigFileError);
      assert.equal(fx.read(POLICY), content);
      nemoclawInstaller.uninstall(fx.target, new InstallReport());
      assert.equal(fx.read(POLICY), content);
    });
  }

  it('is healthy with the fragment, the wrapper and ssg on PATH', () => {
    const problems = (ssgOnPath = true) => fx.withPath(ssgOnPath, () => nemoclawInstaller.problems(fx.target));
    assert.match(problems().join('\n'), /ssg-governance\.yaml does not exist/);
    install();
    assert.deepEqual(problems(), []);
    assert.deepEqual(problems(false), ['`ssg` is not on PATH, so the wrapper cannot judge commands']);
    fx.write(POLICY, 'schema: mine\n');
    assert.match(problems().join('\n'), /was not written by ssg/);
  });
});
