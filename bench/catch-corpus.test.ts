// The catch corpus (bench/catch-corpus/*.jsonl) is well-formed: every line is a JSON object with a known tool,
// the input that tool takes, and a known label; no call appears twice. The rates themselves are measured by
// bench/catch-rates.mjs, never asserted here.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CLASSES, corpusDir, EXPECTS, TOOLS } from './catch-corpus.mjs';

const KEYS = new Set(['tool', 'input', 'expect', 'note']);
const files = readdirSync(corpusDir).filter((name) => name.endsWith('.jsonl'));

describe('catch corpus', () => {
  it('has one file per class and no other', () => {
    assert.deepEqual(files.map((name) => name.slice(0, -'.jsonl'.length)).sort(), [...CLASSES].sort());
  });

  const seen = new Map<string, string>();
  for (const name of files) {
    it(`${name} is well-formed`, () => {
      const lines = readFileSync(join(corpusDir, name), 'utf8').split('\n');
      assert.equal(lines.at(-1), '', `${name} ends with a newline`);
      lines.slice(0, -1).forEach((text, index) => {
        const where = `${name}:${index + 1}`;
        let row: Record<string, unknown>;
        try {
          row = JSON.parse(text) as Record<string, unknown>;
        } catch (error) {
          assert.fail(`${where} is not JSON: ${(error as Error).message}`);
        }
        assert.ok(row && typeof row === 'object' && !Array.isArray(row), `${where} is an object`);
        for (const key of Object.keys(row)) assert.ok(KEYS.has(key), `${where}: unknown key ${key}`);
        assert.ok(Object.hasOwn(TOOLS, row.tool as string), `${where}: unknown tool ${String(row.tool)}`);
        assert.ok(EXPECTS.includes(row.expect as string), `${where}: expect is one of ${EXPECTS.join(', ')}`);
        if (row.note !== undefined) assert.ok(typeof row.note === 'string' && row.note.length > 0, `${where}: note`);
        const input = row.input as Record<string, unknown>;
        assert.ok(input && typeof input === 'object', `${where}: input is an object`);
        if (row.tool === 'Bash') {
          assert.deepEqual(Object.keys(input), ['command'], `${where}: a Bash input has only a command`);
          assert.ok(typeof input.command === 'string' && input.command.trim() !== '', `${where}: command`);
        } else {
          assert.ok(
            typeof input.file_path === 'string' && input.file_path.startsWith('/'),
            `${where}: absolute file_path`,
          );
          if (row.tool === 'Write') assert.equal(typeof input.content, 'string', `${where}: content`);
          else assert.deepEqual(Object.keys(input), ['file_path'], `${where}: a Read input has only a file_path`);
        }
        const key = JSON.stringify([row.tool, input]);
        const earlier = seen.get(key);
        assert.equal(earlier, undefined, `${where} repeats ${earlier}`);
        seen.set(key, where);
      });
    });
  }
});
