// The plugin downloads over real HTTP (buildFleetApp on 127.0.0.1:0) from a real downloads folder: builds
// published with publishOpencodePlugin, latest following releases only, caching headers, 304s, and versions that
// cannot be made into a path outside the folder.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import {
  downloadsDirFrom,
  PluginPublishError,
  publishOpencodePlugin,
  readLatest,
} from '../downloads/opencode-plugin-builds';
import { buildFleetApp } from '../server/fleet-app';
import { fleetConfig } from '../server/fleet-config';
import { downloadRoutes } from './downloads';
import { IMMUTABLE, SHORT_LIVED } from './file-reply';

const build = (version: string) => `// ssg-governance ${version}\nexport const SsgGovernance = async () => ({});\n`;
function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const NOW = Date.parse('2026-11-27T12:00:00Z');

describe('opencode plugin downloads', () => {
  const root = mkdtempSync(join(tmpdir(), 'ssg-fleet-downloads-'));
  const downloadsDir = join(root, 'downloads');
  let app: FastifyInstance;
  let base = '';
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });

  before(async () => {
    app = await buildFleetApp({ config: fleetConfig({}, root), routes: [downloadRoutes({ downloadsDir })] });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('before anything is published: 404s that say so', async () => {
    for (const path of ['/plugins/opencode/latest.json', '/plugins/opencode/latest/ssg-governance.js']) {
      const response = await get(path);
      assert.equal(response.status, 404);
      assert.match(((await response.json()) as { message: string }).message, /no opencode plugin has been published/);
    }
  });

  test('a published release is served as its version and as latest, latest.json naming it', async () => {
    const published = publishOpencodePlugin(downloadsDir, {
      version: '1.2.0',
      content: build('1.2.0'),
      now: () => NOW,
    });
    assert.deepEqual(published, {
      version: '1.2.0',
      file: join(downloadsDir, 'plugins/opencode/1.2.0/ssg-governance.js'),
      latest: true,
    });

    const latestJson = await get('/plugins/opencode/latest.json');
    assert.equal(latestJson.status, 200);
    assert.equal(latestJson.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(latestJson.headers.get('cache-control'), SHORT_LIVED);
    const latest = (await latestJson.json()) as Record<string, string>;
    assert.equal(latest.version, '1.2.0');
    assert.equal(latest.path, '/plugins/opencode/1.2.0/ssg-governance.js');
    assert.equal(latest.published_at, '2026-11-27T12:00:00.000Z');
    assert.match(latest.sha256!, /^[0-9a-f]{64}$/);

    const versioned = await get('/plugins/opencode/1.2.0/ssg-governance.js');
    assert.equal(versioned.status, 200);
    assert.equal(versioned.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.equal(versioned.headers.get('cache-control'), IMMUTABLE);
    assert.equal(await versioned.text(), build('1.2.0'));

    const viaLatest = await get('/plugins/opencode/latest/ssg-governance.js');
    assert.equal(viaLatest.headers.get('cache-control'), SHORT_LIVED);
    assert.equal(viaLatest.headers.get('x-ssg-plugin-version'), '1.2.0');
    assert.equal(await viaLatest.text(), build('1.2.0'));
  });

  test('ETag: a client that has the file gets 304 Not Modified', async () => {
    const first = await get('/plugins/opencode/1.2.0/ssg-governance.js');
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^"[0-9a-f]{32}"$/);
    const again = await get('/plugins/opencode/1.2.0/ssg-governance.js', { 'if-none-match': `"other", ${etag}` });
    assert.equal(again.status, 304);
    assert.equal(again.headers.get('etag'), etag);
    const changed = await get('/plugins/opencode/1.2.0/ssg-governance.js', { 'if-none-match': '"other"' });
    assert.equal(changed.status, 200);
  });

  test('latest moves to newer releases only, never to a prerelease or an older version', async () => {
    publishOpencodePlugin(downloadsDir, { version: '1.10.0', content: build('1.10.0') });
    assert.equal(readLatest(downloadsDir)?.version, '1.10.0', '1.10 is newer than 1.2 (numbers, not text)');
    assert.equal(publishOpencodePlugin(downloadsDir, { version: '1.9.5', content: build('1.9.5') }).latest, false);
    assert.equal(
      publishOpencodePlugin(downloadsDir, { version: '2.0.0-beta.1', content: build('2.0.0-beta.1') }).latest,
      false,
    );
    assert.equal(readLatest(downloadsDir)?.version, '1.10.0');
    const prerelease = await get('/plugins/opencode/2.0.0-beta.1/ssg-governance.js');
    assert.equal(await prerelease.text(), build('2.0.0-beta.1'), 'a prerelease is served by its version');
    const viaLatest = await get('/plugins/opencode/latest/ssg-governance.js');
    assert.equal(await viaLatest.text(), build('1.10.0'));
  });

  test('a published version never changes: same bytes again is a no-op, other bytes are refused', () => {
    assert.equal(publishOpencodePlugin(downloadsDir, { version: '1.2.0', content: build('1.2.0') }).version, '1.2.0');
    assert.throws(
      () => publishOpencodePlugin(downloadsDir, { version: '1.2.0', content: '// changed\n' }),
      (error: unknown) =>
        error instanceof PluginPublishError && /already published with other content/.test(error.message),
    );
    assert.throws(() => publishOpencodePlugin(downloadsDir, { version: '../1.0.0', content: 'x' }), PluginPublishError);
    assert.throws(() => publishOpencodePlugin(downloadsDir, { version: '3.0.0', content: '' }), /empty/);
  });

  test('an unknown version is a 404 naming the latest; a non-version is a 400; no path leaves the folder', async () => {
    const unknown = await get('/plugins/opencode/9.9.9/ssg-governance.js');
    assert.equal(unknown.status, 404);
    assert.equal(
      ((await unknown.json()) as { message: string }).message,
      'no opencode plugin version 9.9.9 on this server; the latest is 1.10.0',
    );
    writeFileSync(join(root, 'secret.txt'), 'not for download');
    for (const path of [
      '/plugins/opencode/..%2F..%2Fsecret.txt%23/ssg-governance.js',
      '/plugins/opencode/1.2.0%2F..%2F..%2F..%2F/ssg-governance.js',
      '/plugins/opencode/v1.2.0/ssg-governance.js',
    ]) {
      const response = await get(path);
      assert.equal(response.status, 400, path);
      assert.match(((await response.json()) as { message: string }).message, /is not a plugin version/);
    }
    // fetch resolves dot segments (%2E%2E too) before sending: what reaches the server is no route.
    for (const path of ['/plugins/opencode/../../secret.txt', '/plugins/opencode/%2E%2E/%2E%2E/secret.txt']) {
      const response = await get(path);
      assert.equal(response.status, 404, path);
      assert.doesNotMatch(await response.text(), /not for download/);
    }
    // Sent raw, as a hostile client would, without a URL parser in between.
    for (const path of [
      '/plugins/opencode/../../secret.txt',
      '/plugins/opencode/../../secret.txt/ssg-governance.js',
      '/plugins/opencode/%2e%2e/ssg-governance.js',
    ]) {
      const { status, body } = await rawGet(base, path);
      assert.ok(status === 400 || status === 404, `${path}: ${status}`);
      assert.doesNotMatch(body, /not for download/);
    }
  });

  test('the folder: SSG_FLEET_DOWNLOADS_DIR, else <data dir>/downloads', () => {
    assert.equal(downloadsDirFrom({}, '/srv/fleet-data'), '/srv/fleet-data/downloads');
    assert.equal(downloadsDirFrom({ SSG_FLEET_DOWNLOADS_DIR: '/var/ssg' }, '/srv/fleet-data'), '/var/ssg');
  });
});
