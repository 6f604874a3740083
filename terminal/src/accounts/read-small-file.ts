import { open } from 'node:fs/promises';

/**
 * A file's text, refused (an error with code EFBIG) past `limit` bytes without reading further: the bytes are
 * counted as they are read through one handle, so a file swapped for a huge one after a size check is still refused.
 */
export async function readSmallFile(path: string, limit: number): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(64 * 1024, limit + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > limit) throw Object.assign(new Error(`${path} is larger than ${limit} bytes`), { code: 'EFBIG' });
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    await handle.close();
  }
}
