import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { ConfigFileError } from '../config-edit/config-file-error';
import { InstallFixture } from '../install/install-fixture.testing';
import { InstallReport } from '../install/install-report';
import { MARKDOWN_BLOCK_END, MARKDOWN_BLOCK_START } from '../config-edit/markdown-block';
import { DEFAULT_MCP_URL } from '../install/hosted-mcp';
import { REPLIT_PROMPT, replitInstaller, replitInstallUrl } from './installer';

const PROMPT = 'project/replit.md';
const URL_FILE = 'project/.ssg/replit-install.url';
const GUIDE = 'project/.ssg/replit-install.md';
const BLOCK = `${MARKDOWN_BLOCK_START}\n${REPLIT_PROMPT.trimEnd()}\n${MARKDOWN_BLOCK_END}\n`;

describe('replit installer', () => {
  let fx: InstallFixture;
  const saved = process.env.SSG_MCP_URL;
  beforeEach(() => {
    fx = new InstallFixture();
    delete process.env.SSG_MCP_URL;
  });
  afterEach(() => {
    fx.cleanup();
    if (saved === undefined) delete process.env.SSG_MCP_URL;
    else process.env.SSG_MCP_URL = saved;
  });
  const install = (report = new InstallReport()) => replitInstaller.install(fx.target, report);
  const uninstall = () => replitInstaller.uninstall(fx.target, new InstallReport());

  const cases: Array<{ name: string; prompt?: string; want: string; uninstalled?: string }> = [
    { name: 'no replit.md', want: BLOCK },
    {
      name: 'a user replit.md',
      prompt: '# My app\n\nRun with `npm start`.\n',
      want: `# My app\n\nRun with \`npm start\`.\n\n${BLOCK}`,
    },
    {
      name: 'an outdated block between user text',
      prompt: `a\n${MARKDOWN_BLOCK_START}\nold\n${MARKDOWN_BLOCK_END}\nb\n`,
      want: `a\n${BLOCK}b\n`,
      uninstalled: 'a\nb\n',
    },
  ];
  for (const tc of cases) {
    it(`${tc.name}: installs, changes nothing the second time, uninstalls`, () => {
      if (tc.prompt !== undefined) fx.write(PROMPT, tc.prompt);
      install();
      assert.equal(fx.read(PROMPT), tc.want);
      assert.equal(fx.read(URL_FILE), `${replitInstallUrl(DEFAULT_MCP_URL)}\n`);
      assert.match(fx.read(GUIDE)!, /SSG_LICENSE_KEY/);
      const installed = fx.snapshot();
      install();
      assert.deepEqual(fx.snapshot(), installed);
      uninstall();
      assert.equal(fx.read(PROMPT), tc.uninstalled ?? tc.prompt);
      assert.equal(fx.read(URL_FILE), undefined);
      assert.equal(fx.read(GUIDE), undefined);
    });
  }

  const urls: Array<{ env?: string; want: string }> = [
    { want: 'https://mcp.ssg.dev/install?client=replit&name=ssg-governance&url=https%3A%2F%2Fmcp.ssg.dev%2Fmcp' },
    {
      env: 'https://mcp.example.com/fleet//',
      want:
        'https://mcp.example.com/fleet/install?client=replit&name=ssg-governance&url=' +
        'https%3A%2F%2Fmcp.example.com%2Ffleet%2Fmcp',
    },
  ];
  for (const tc of urls) {
    it(`builds the link from ${tc.env ?? 'the default'} and prints it`, () => {
      if (tc.env !== undefined) process.env.SSG_MCP_URL = tc.env;
      const report = new InstallReport();
      install(report);
      assert.equal(fx.read(URL_FILE), `${tc.want}\n`);
      assert.match(report.render(), new RegExp(`Open ${tc.want.replaceAll('?', '\\?')} in Replit`));
    });
  }

  const badUrls = ['not a url', 'javascript:alert(1)', 'file:///etc/passwd'];
  for (const bad of badUrls) {
    it(`refuses SSG_MCP_URL=${bad}, writing nothing`, () => {
      process.env.SSG_MCP_URL = bad;
      assert.throws(() => install(), ConfigFileError);
      assert.deepEqual(fx.snapshot(), {});
    });
  }

  it('reports what is missing until installed; needs no local ssg', () => {
    const problems = () => fx.withPath(false, () => replitInstaller.problems(fx.target));
    assert.match(problems().join('\n'), /replit\.md does not exist\n.*replit-install\.url does not exist/);
    install();
    assert.deepEqual(problems(), []);
  });
});
