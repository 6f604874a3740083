import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileGlob } from './glob';

describe('compileGlob', () => {
  const cases: Array<{ glob: string; matches: string[]; misses: string[] }> = [
    {
      glob: '*.env',
      matches: ['.env', 'prod.env', '/p/config/prod.env', 'C:\\p\\prod.env'],
      misses: ['/p/prod.env.bak', '/p/env'],
    },
    { glob: '.env', matches: ['.env', '/home/u/p/.env'], misses: ['/p/.env.local', '/p/x.env'] },
    { glob: 'id_rsa?', matches: ['/home/u/.ssh/id_rsa2'], misses: ['/home/u/.ssh/id_rsa', '/home/u/.ssh/id_rsa/x'] },
    {
      glob: '.github/workflows/*.yml',
      matches: ['.github/workflows/ci.yml', '/repo/.github/workflows/ci.yml', 'C:\\repo\\.github\\workflows\\ci.yml'],
      misses: [
        '/repo/.github/workflows/sub/ci.yml',
        '/repo/x.github/workflows/ci.yml',
        '/repo/.github/workflows/ci.yaml',
      ],
    },
    { glob: '**/.env', matches: ['.env', '/home/u/p/.env', 'a/b/.env'], misses: ['/p/.envrc'] },
    {
      glob: 'src/**/*.ts',
      matches: ['/p/src/a.ts', '/p/src/x/y/a.ts'],
      misses: ['/p/src/a.tsx', '/p/lib/a.ts', '/p/xsrc/a.ts'],
    },
    {
      glob: '.github/workflows/**',
      matches: ['/r/.github/workflows/ci.yml', '/r/.github/workflows/a/b.yml'],
      misses: ['/r/.github/ci.yml'],
    },
    { glob: '/etc/*', matches: ['/etc/passwd'], misses: ['/home/etc/passwd', 'etc/passwd', '/etc/ssh/sshd_config'] },
    { glob: '/etc/**', matches: ['/etc/ssh/sshd_config'], misses: ['/usr/etc/x'] },
    {
      glob: '~/.ssh/*',
      matches: ['/home/u/.ssh/id_rsa', '/Users/u/.ssh/config', '~/.ssh/id_rsa'],
      misses: ['/home/u/ssh/id_rsa'],
    },
    { glob: './scripts/*.sh', matches: ['/p/scripts/build.sh'], misses: ['/p/scripts/a/build.sh'] },
    {
      glob: 'node_modules/',
      matches: ['/p/node_modules/x/index.js', '/p/node_modules'],
      misses: ['/p/node_modules_old/x.js'],
    },
    // A folder's `/**` meets the folder itself (a Grep of `~/.ssh` for a rule on `~/.ssh/**`), however spelled.
    { glob: '~/.ssh/**', matches: ['/home/u/.ssh', '/home/u/.ssh/id_rsa'], misses: ['/home/u/.sshx'] },
    { glob: '*/**/**', matches: ['/p/a', '/p/a/b/c'], misses: [] },
    { glob: '*.{js,ts}', matches: ['/p/a.js', '/p/a.ts'], misses: ['/p/a.jsx', '/p/a.{js,ts}'] },
    { glob: '{src,lib}/**/*.{js,ts}', matches: ['/p/lib/a/b.ts', '/p/src/c.js'], misses: ['/p/test/a.ts'] },
    { glob: '{a,{b,c}}.txt', matches: ['/p/c.txt', '/p/a.txt'], misses: ['/p/d.txt'] },
    { glob: '[abc].md', matches: ['/p/a.md'], misses: ['/p/d.md'] },
    { glob: '[!a]*.md', matches: ['/p/b.md'], misses: ['/p/a.md'] },
    { glob: '[a-c]?.md', matches: ['/p/bx.md'], misses: ['/p/dx.md', '/p/b/.md'] },
    { glob: 'file[', matches: ['/p/file['], misses: ['/p/file'] },
    { glob: 'a{b', matches: ['/p/a{b'], misses: ['/p/ab'] },
    { glob: 'a+b(c).$x^', matches: ['/p/a+b(c).$x^'], misses: ['/p/aab(c)x$x^'] },
    { glob: '**', matches: ['/anything/at/all', ''], misses: [] },
    { glob: '*', matches: ['/p/x', 'x'], misses: [] },
  ];
  for (const tc of cases) {
    it(tc.glob, () => {
      const matches = compileGlob(tc.glob);
      for (const path of tc.matches) assert.equal(matches(path), true, `${path} should match`);
      for (const path of tc.misses) assert.equal(matches(path), false, `${path} should not match`);
    });
  }

  it('a hostile megabyte path is matched on its last segments', () => {
    const matches = compileGlob('**/src/**/*.ts');
    assert.equal(matches(`${'/src'.repeat(1 << 18)}x`), false);
    assert.equal(matches(`${'/src'.repeat(1 << 18)}/a.ts`), true);
  });

  it('a reversed class range throws (the compiler reports it)', () => {
    assert.throws(() => compileGlob('[z-a].txt'));
  });
});
