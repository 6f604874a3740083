import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DatabaseUrlError, openDatabase } from './open-database';

describe('openDatabase', () => {
  it('opens sqlite:<path>, creating the file and its folder readable by the owner only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ssg-fleet-open-'));
    try {
      const path = join(dir, 'data', 'fleet.sqlite');
      const db = await openDatabase(`sqlite:${path}`);
      assert.deepEqual(await db.query('SELECT 1 AS one'), [{ one: 1 }]);
      await db.close();
      assert.equal(statSync(path).mode & 0o777, 0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  for (const [url, message] of [
    ['sqlite:', /names no file/],
    ['mysql://root:hunter2@db/fleet', /unsupported database URL \(scheme mysql:\).*sqlite:<path> or postgres:\/\//],
    ['fleet.sqlite', /unsupported database URL: use sqlite:<path>/],
  ] as const) {
    it(`refuses ${url || 'an empty URL'} with a clear error`, async () => {
      await assert.rejects(openDatabase(url), (error: Error) => {
        assert.ok(error instanceof DatabaseUrlError);
        assert.match(error.message, message);
        assert.doesNotMatch(error.message, /hunter2/);
        return true;
      });
    });
  }

  it('says which PostgreSQL database it cannot reach, without the password', async () => {
    const socketDir = mkdtempSync(join(tmpdir(), 'ssg-fleet-nopg-'));
    try {
      const url = `postgres://fleet:hunter2@${encodeURIComponent(socketDir)}/fleet`;
      await assert.rejects(openDatabase(url), (error: Error) => {
        assert.ok(
          error.message.startsWith(`cannot reach the PostgreSQL database fleet on ${socketDir}:`),
          error.message,
        );
        assert.doesNotMatch(error.message, /hunter2/);
        return true;
      });
    } finally {
      rmSync(socketDir, { recursive: true, force: true });
    }
  });
});
