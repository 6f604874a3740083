import assert from 'node:assert/strict';
import { test } from 'node:test';
import { externalLinkTarget, isDaemonUrl, isTrustedSender } from './navigation-policy';

const origin = 'http://127.0.0.1:5599';

test('only the daemon origin is a place the window may go', () => {
  const cases: [string, boolean][] = [
    ['http://127.0.0.1:5599/', true],
    ['http://127.0.0.1:5599/#ticket=abc', true],
    ['http://127.0.0.1:5599/#/spending', true],
    ['http://127.0.0.1:5600/', false],
    ['https://127.0.0.1:5599/', false],
    ['http://localhost:5599/', false],
    ['http://127.0.0.1:5599@evil.example/', false],
    ['http://evil.example/?http://127.0.0.1:5599', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
    ['', false],
  ];
  for (const [url, allowed] of cases) assert.equal(isDaemonUrl(url, origin), allowed, url);
});

test('links leave for the browser only over http(s), without credentials', () => {
  const cases: [string, string | undefined][] = [
    ['https://docs.example.com/ssg', 'https://docs.example.com/ssg'],
    ['http://example.com', 'http://example.com/'],
    ['file:///C:/Windows/System32/calc.exe', undefined],
    ['javascript:alert(1)', undefined],
    ['smb://attacker/share', undefined],
    ['ms-msdt:/id PCWDiagnostic', undefined],
    ['vscode://file/etc/passwd', undefined],
    ['https://user:pass@example.com/', undefined],
    ['data:text/html,<script>alert(1)</script>', undefined],
    ['%%%', undefined],
  ];
  for (const [url, expected] of cases) assert.equal(externalLinkTarget(url), expected, url);
});

test('IPC is answered only for the dashboard frame', () => {
  assert.equal(isTrustedSender('http://127.0.0.1:5599/', origin), true);
  assert.equal(isTrustedSender(undefined, origin), false);
  assert.equal(isTrustedSender('https://evil.example/', origin), false);
  assert.equal(isTrustedSender('about:blank', origin), false);
});
