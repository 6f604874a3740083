// Test support: the environment a fleet server needs, fresh for each test — a free loopback port, a data folder,
// a secret-box key and a licence signing key of its own.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function testFleetEnv(
  dataDir: string,
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  return {
    SSG_FLEET_PORT: String(await freePort()),
    SSG_FLEET_DATA_DIR: dataDir,
    SSG_FLEET_SECRET_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    SSG_FLEET_LICENSE_SIGNING_KEY: generateKeyPairSync('ed25519')
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
    ...extra,
  };
}
