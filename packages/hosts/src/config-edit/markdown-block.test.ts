import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MARKDOWN_BLOCK_END, MARKDOWN_BLOCK_START, withMarkdownBlock, withoutMarkdownBlock } from './markdown-block';

const block = (body: string): string => `${MARKDOWN_BLOCK_START}\n${body}\n${MARKDOWN_BLOCK_END}\n`;

describe('withMarkdownBlock / withoutMarkdownBlock', () => {
  const cases: Array<{ name: string; before: string | undefined; want: string; removed: string | undefined }> = [
    { name: 'no file', before: undefined, want: block('Call ssg.'), removed: undefined },
    { name: 'empty file', before: '', want: block('Call ssg.'), removed: undefined },
    { name: 'appended', before: '# Notes\n', want: `# Notes\n\n${block('Call ssg.')}`, removed: '# Notes\n' },
    {
      name: 'after a blank line',
      before: '# Notes\n\n',
      want: `# Notes\n\n\n${block('Call ssg.')}`,
      removed: '# Notes\n\n',
    },
    {
      name: 'no final newline',
      before: '# Notes',
      want: `# Notes\n\n${block('Call ssg.')}`,
      removed: '# Notes\n',
    },
    {
      name: 'replaced in place, text around untouched',
      before: `# A\n${block('old\ntext')}\n## B  \n`,
      want: `# A\n${block('Call ssg.')}\n## B  \n`,
      removed: '# A\n\n## B  \n',
    },
    {
      name: 'a start marker without an end is user text',
      before: `${MARKDOWN_BLOCK_START}\nmine\n`,
      want: `${MARKDOWN_BLOCK_START}\nmine\n\n${block('Call ssg.')}`,
      removed: `${MARKDOWN_BLOCK_START}\nmine\n`,
    },
    {
      name: 'an end marker without a start is user text',
      before: `${MARKDOWN_BLOCK_END}\n`,
      want: `${MARKDOWN_BLOCK_END}\n\n${block('Call ssg.')}`,
      removed: `${MARKDOWN_BLOCK_END}\n`,
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const written = withMarkdownBlock(tc.before, 'Call ssg.\n\n');
      assert.equal(written, tc.want);
      assert.equal(withMarkdownBlock(written, 'Call ssg.'), written, 'idempotent');
      assert.equal(withoutMarkdownBlock(written), tc.removed);
    });
  }

  it('stays linear on a file full of markers', () => {
    const hostile = `${MARKDOWN_BLOCK_END}${MARKDOWN_BLOCK_START}`.repeat(100_000);
    assert.equal(
      withoutMarkdownBlock(hostile)?.length,
      hostile.length - MARKDOWN_BLOCK_START.length - MARKDOWN_BLOCK_END.length,
    );
  });

  it('leaves a file without the block as it is', () => {
    assert.equal(withoutMarkdownBlock('# Only mine\n'), '# Only mine\n');
    assert.equal(withoutMarkdownBlock(undefined), undefined);
  });
});
