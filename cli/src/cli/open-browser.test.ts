import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openBrowser, openerCommand } from './open-browser';

const URL_WITH_QUERY = 'https://idp.test/auth?client_id=a&state=b|c';

describe('opening the browser', () => {
  for (const [platform, expected] of [
    ['linux', { command: 'xdg-open', args: [URL_WITH_QUERY] }],
    ['freebsd', { command: 'xdg-open', args: [URL_WITH_QUERY] }],
    ['darwin', { command: 'open', args: [URL_WITH_QUERY] }],
    [
      'win32',
      {
        command: 'cmd.exe',
        args: ['/d', '/s', '/c', 'start "" https://idp.test/auth?client_id=a^&state=b^|c'],
        verbatim: true,
      },
    ],
  ] as const) {
    it(`uses the platform's opener on ${platform}`, () =>
      assert.deepEqual(openerCommand(URL_WITH_QUERY, platform), expected));
  }

  it('reports an opener that is not installed instead of failing', async () => {
    const previous = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const reason = await new Promise<string>((resolve) => openBrowser('https://idp.test/', resolve, 'linux'));
      assert.equal(reason, 'xdg-open is not installed');
    } finally {
      process.env.PATH = previous;
    }
  });
});
