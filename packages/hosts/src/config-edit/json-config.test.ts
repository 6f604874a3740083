import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ConfigFileError } from './config-file-error';
import { InstallReport } from '../install/install-report';
import { editJsonFile } from './json-config';

describe('editJsonFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-json-config-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  let count = 0;
  const fileWith = (content: string | undefined): string => {
    const path = join(dir, `config-${count++}.json`);
    if (content !== undefined) writeFileSync(path, content);
    return path;
  };
  const addServer = (config: Record<string, unknown>) => {
    config.server = { on: true };
  };

  const layouts: Array<{ name: string; before: string | undefined; want: string }> = [
    {
      name: 'new file: two spaces, final newline',
      before: undefined,
      want: '{\n  "server": {\n    "on": true\n  }\n}\n',
    },
    { name: 'blank file counts as {}', before: '\n', want: '{\n  "server": {\n    "on": true\n  }\n}\n' },
    {
      name: 'tabs, CRLF, no final newline, key order kept',
      before: '{\r\n\t"z": 1,\r\n\t"a": [1, 2]\r\n}',
      want: '{\r\n\t"z": 1,\r\n\t"a": [\r\n\t\t1,\r\n\t\t2\r\n\t],\r\n\t"server": {\r\n\t\t"on": true\r\n\t}\r\n}',
    },
    {
      name: 'four spaces and a byte-order mark',
      before: '\uFEFF{\n    "a": 1\n}\n',
      want: '\uFEFF{\n    "a": 1,\n    "server": {\n        "on": true\n    }\n}\n',
    },
  ];
  for (const tc of layouts) {
    it(`writes in the file's layout: ${tc.name}`, () => {
      const path = fileWith(tc.before);
      editJsonFile(path, addServer, new InstallReport(), 'server');
      assert.equal(readFileSync(path, 'utf8'), tc.want);
    });
  }

  it('leaves the bytes and mtime alone when the object does not change, whatever the layout', () => {
    const before = '{"server":{"on":true},   "x": 2}';
    const path = fileWith(before);
    const mtime = statSync(path).mtimeMs;
    const report = new InstallReport();
    editJsonFile(path, addServer, report, 'server');
    assert.equal(readFileSync(path, 'utf8'), before);
    assert.equal(statSync(path).mtimeMs, mtime);
    assert.deepEqual(report.files, [{ path, action: 'unchanged', note: 'server' }]);
  });

  it('removes a file left as {}', () => {
    const path = fileWith('{\n  "server": {}\n}\n');
    const report = new InstallReport();
    editJsonFile(path, (config) => delete config.server, report, 'server');
    assert.throws(() => statSync(path), /ENOENT/);
    assert.equal(report.files[0]?.action, 'removed');
  });

  const malformed: Array<{ name: string; content: string; error: RegExp }> = [
    { name: 'not JSON', content: '{"hooks": ', error: /not valid JSON/ },
    { name: 'JSON with comments', content: '{\n  // mine\n  "a": 1\n}\n', error: /not valid JSON/ },
    { name: 'an array', content: '[1, 2]', error: /expected a JSON object/ },
    { name: 'a string', content: '"x"', error: /expected a JSON object/ },
    { name: 'hooks is a string', content: '{"hooks": "x"}', error: /"hooks" is not an object/ },
  ];
  for (const tc of malformed) {
    it(`refuses ${tc.name} and leaves the file untouched`, () => {
      const path = fileWith(tc.content);
      const mutate = (config: Record<string, unknown>) => {
        if (typeof config.hooks === 'string') throw new TypeError('"hooks" is not an object');
        addServer(config);
      };
      assert.throws(
        () => editJsonFile(path, mutate, new InstallReport(), 'server'),
        (error) => error instanceof ConfigFileError && tc.error.test(error.message) && error.message.includes(path),
      );
      assert.equal(readFileSync(path, 'utf8'), tc.content);
    });
  }
});
