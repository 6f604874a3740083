import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_HUB_URL, manifestUrl, resolveHubUrl, rulesUrl } from './hub-url';

describe('resolveHubUrl', () => {
  const cases: { name: string; flag?: string; env?: string; expected: string }[] = [
    { name: 'default', expected: DEFAULT_HUB_URL },
    { name: 'environment', env: 'http://127.0.0.1:8080/hub', expected: 'http://127.0.0.1:8080/hub/' },
    { name: 'flag wins', flag: 'https://a.example/', env: 'https://b.example/', expected: 'https://a.example/' },
    { name: 'query and fragment dropped', flag: 'https://a.example/x?y=1#z', expected: 'https://a.example/x/' },
    { name: 'empty environment is unset', env: '', expected: DEFAULT_HUB_URL },
  ];
  for (const { name, flag, env, expected } of cases) {
    it(name, () => {
      const url = resolveHubUrl(flag, env === undefined ? {} : { SSG_HUB_URL: env });
      assert.equal(url.href, expected);
      assert.equal(manifestUrl(url).href, `${expected}manifest.json`);
    });
  }

  const bad = ['not a url', 'file:///etc/passwd', 'ftp://hub.example/', 'javascript:alert(1)'];
  for (const flag of bad) {
    it(`refuses ${flag}`, () => assert.throws(() => resolveHubUrl(flag, {}), /hub URL .* is not/));
  }
});

describe('rulesUrl', () => {
  const hub = new URL('https://hub.example/base/');
  const cases: { rulesPath: string; expected?: string }[] = [
    { rulesPath: 'rulesets/a.rules', expected: 'https://hub.example/base/rulesets/a.rules' },
    { rulesPath: '/other/a.rules', expected: 'https://hub.example/other/a.rules' },
    { rulesPath: 'https://hub.example/x.rules', expected: 'https://hub.example/x.rules' },
    { rulesPath: 'https://evil.example/x.rules' },
    { rulesPath: '//evil.example/x.rules' },
    { rulesPath: 'http://hub.example/x.rules' },
  ];
  for (const { rulesPath, expected } of cases) {
    it(`${rulesPath} → ${expected ?? 'refused'}`, () => {
      if (expected) assert.equal(rulesUrl(hub, rulesPath, 'a').href, expected);
      else assert.throws(() => rulesUrl(hub, rulesPath, 'a'), /points outside the hub/);
    });
  }
});
