// The fleet server's transport, over real sockets: the configuration it refuses, TLS from a configured certificate
// (a self-signed one made for the test) with HSTS on every answer, behind a proxy (its X-Forwarded-Proto trusted
// only from the configured address), and plain HTTP on loopback for development with no HSTS.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { generate } from 'selfsigned';
import { buildFleetApp } from './fleet-app';
import { type FleetConfig, FleetConfigError, fleetConfig } from './fleet-config';
import { HSTS } from './https-only';

const hello: FastifyPluginAsync = async (app) => {
  app.get('/hello', async () => ({ hello: 'fleet' }));
  app.post('/hello', async () => ({ posted: true }));
};

async function listen(config: FleetConfig): Promise<{ app: FastifyInstance; port: number }> {
  const app = await buildFleetApp({ config, routes: [hello] });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, port: (app.server.address() as AddressInfo).port };
}

describe('fleet configuration', () => {
  const refused: Array<[string, NodeJS.ProcessEnv, RegExp]> = [
    ['plain HTTP on a public address', { SSG_FLEET_HOST: '0.0.0.0' }, /HTTPS only.*not loopback/],
    ['a certificate without its key', { SSG_FLEET_TLS_CERT: '/c.pem' }, /go together/],
    [
      'TLS and a proxy at once',
      { SSG_FLEET_TLS_CERT: '/c', SSG_FLEET_TLS_KEY: '/k', SSG_FLEET_TRUST_PROXY: '10.0.0.1' },
      /not both/,
    ],
    ['a port that is not one', { SSG_FLEET_PORT: '80a' }, /SSG_FLEET_PORT/],
    [
      'an http public URL off loopback',
      { SSG_FLEET_TRUST_PROXY: '10.0.0.1', SSG_FLEET_PUBLIC_URL: 'http://fleet.example' },
      /must be https/,
    ],
  ];
  for (const [name, env, message] of refused) {
    test(`refuses ${name}, naming the variable`, () => {
      assert.throws(
        () => fleetConfig(env, '/srv'),
        (error: unknown) => error instanceof FleetConfigError && message.test(error.message),
      );
    });
  }

  test('defaults: loopback, HTTP for development, SQLite in the data folder', () => {
    const config = fleetConfig({}, '/srv');
    assert.deepEqual(config.transport, { kind: 'loopback-http' });
    assert.equal(config.publicUrl, 'http://127.0.0.1:8443');
    assert.equal(config.databaseUrl, 'sqlite:/srv/fleet-data/fleet.sqlite');
  });
});

describe('fleet transport', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-fleet-tls-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('TLS from the configured certificate, HSTS on every answer (a 404 too)', async () => {
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      notAfterDate: new Date(Date.now() + 86_400_000),
      keyType: 'ec',
      curve: 'P-256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    writeFileSync(join(dir, 'cert.pem'), pems.cert);
    writeFileSync(join(dir, 'key.pem'), pems.private);
    const config = fleetConfig({ SSG_FLEET_TLS_CERT: join(dir, 'cert.pem'), SSG_FLEET_TLS_KEY: join(dir, 'key.pem') });
    const { app, port } = await listen(config);
    const get = (path: string) =>
      new Promise<{ status: number; hsts: unknown; body: string }>((resolve, reject) => {
        const req = httpsRequest({ host: '127.0.0.1', port, path, ca: pems.cert }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, hsts: res.headers['strict-transport-security'], body }),
          );
        });
        req.on('error', reject);
        req.end();
      });
    assert.deepEqual(await get('/hello'), { status: 200, hsts: HSTS, body: '{"hello":"fleet"}' });
    const missing = await get('/nowhere');
    assert.equal(missing.status, 404);
    assert.equal(missing.hsts, HSTS);
    await assert.rejects(fetch(`http://127.0.0.1:${port}/hello`), 'no plain HTTP on the TLS port');
    await app.close();
  });

  test('behind a proxy: https from the trusted proxy is served with HSTS, http is sent to https or refused', async () => {
    const config = fleetConfig({ SSG_FLEET_TRUST_PROXY: '127.0.0.1', SSG_FLEET_PUBLIC_URL: 'https://fleet.example' });
    const { app, port } = await listen(config);
    const url = `http://127.0.0.1:${port}/hello`;
    const viaTls = await fetch(url, { headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(viaTls.status, 200);
    assert.equal(viaTls.headers.get('strict-transport-security'), HSTS);
    const plainGet = await fetch(url, { headers: { 'x-forwarded-proto': 'http' }, redirect: 'manual' });
    assert.equal(plainGet.status, 308);
    assert.equal(plainGet.headers.get('location'), 'https://fleet.example/hello');
    const plainPost = await fetch(url, { method: 'POST', headers: { 'x-forwarded-proto': 'http' } });
    assert.equal(plainPost.status, 403);
    await app.close();

    const untrusted = await listen(
      fleetConfig({ SSG_FLEET_TRUST_PROXY: '10.9.9.9', SSG_FLEET_PUBLIC_URL: 'https://fleet.example' }),
    );
    const forged = await fetch(`http://127.0.0.1:${untrusted.port}/hello`, {
      headers: { 'x-forwarded-proto': 'https' },
      redirect: 'manual',
    });
    assert.equal(forged.status, 308, 'a forwarded header from an address that is not the proxy is not believed');
    await untrusted.app.close();
  });

  test('plain HTTP on loopback for development, without HSTS', async () => {
    const { app, port } = await listen(fleetConfig({}));
    const response = await fetch(`http://127.0.0.1:${port}/hello`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('strict-transport-security'), null);
    await app.close();
  });
});
