import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ScreenMirror } from './screen-mirror';

describe('ScreenMirror', () => {
  it('redraws the same screen in a fresh terminal from its snapshot', async () => {
    const pane = new ScreenMirror(40, 6);
    await pane.write('\x1b[1mbold\x1b[0m plain\r\n\x1b[31mred\x1b[0m and \x1b[42mgreen\x1b[0m\r\n');
    await pane.write('\x1b[2J\x1b[H'); // Claude Code clears and redraws whole frames
    await pane.write('frame 2: ✓ done\r\n> prompt');
    const reloaded = new ScreenMirror(40, 6);
    await reloaded.write(pane.snapshot());
    assert.deepEqual(reloaded.lines(), pane.lines());
    assert.equal(reloaded.snapshot(), pane.snapshot());
    assert.equal(pane.lines()[0], 'frame 2: ✓ done');
    pane.dispose();
    reloaded.dispose();
  });

  it('keeps the scrollback of a long output', async () => {
    const pane = new ScreenMirror(20, 4, { scrollback: 100 });
    await pane.write(Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\r\n'));
    const reloaded = new ScreenMirror(20, 4, { scrollback: 100 });
    await reloaded.write(pane.snapshot());
    assert.deepEqual(reloaded.lines(), ['line 46', 'line 47', 'line 48', 'line 49']);
    assert.match(pane.snapshot(), /line 0\b/);
    pane.dispose();
    reloaded.dispose();
  });

  it('keeps the last screen of a full-screen program once it has left the alternate screen', async () => {
    const pane = new ScreenMirror(40, 4);
    await pane.write('shell prompt\r\n');
    assert.deepEqual(pane.lastAlternateScreen(), []);
    await pane.write('\x1b[?1049h\x1b[2J\x1b[Hfirst frame\x1b[2J\x1b[Hlast frame\r\n  ⎿  limit text');
    await pane.write('\x1b[?1006l\x1b[?1049l'); // other modes reset at exit are no reason to keep anything
    assert.deepEqual(pane.lines(), ['shell prompt', '', '', '']);
    assert.deepEqual(pane.lastAlternateScreen(), ['last frame', '  ⎿  limit text', '', '']);
    await pane.write('\x1b[?1049l'); // leaving again from the normal screen keeps what was kept
    assert.deepEqual(pane.lastAlternateScreen(), ['last frame', '  ⎿  limit text', '', '']);
    pane.dispose();
  });

  it('parses only when asked or when the output pauses, so a flood costs no parsing while it lasts', async () => {
    const pane = new ScreenMirror(20, 3, { idleMs: 20 });
    pane.append('one\r\ntwo');
    assert.deepEqual(pane.lines(), ['', '', ''], 'not parsed yet');
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.deepEqual(pane.lines(), ['one', 'two', ''], 'parsed once the output paused');
    pane.append('\r\nthree');
    await pane.settled();
    assert.deepEqual(pane.lines(), ['one', 'two', 'three']);
    pane.dispose();
  });

  it('drops the oldest of a backlog past its bound, and redraws from what is left', async () => {
    const pane = new ScreenMirror(20, 3, { maxBacklogChars: 40, idleMs: 60_000 });
    for (let i = 0; i < 30; i += 1) pane.append(`line ${i}\r\n`);
    await pane.settled();
    assert.deepEqual(pane.lines(), ['line 28', 'line 29', '']);
    assert.doesNotMatch(pane.snapshot(), /line 1\b/, 'the dropped part is gone, not half-parsed');
    pane.dispose();
  });

  it('keeps a full-screen program in the alternate screen when the switch itself was dropped', async () => {
    const pane = new ScreenMirror(20, 3, { maxBacklogChars: 30, idleMs: 60_000 });
    await pane.write('shell prompt\r\n');
    pane.append('\x1b[?1049h\x1b[2J\x1b[Hframe 1 padding padding padding');
    pane.append('\x1b[2J\x1b[Hframe 2 padding padding padding');
    pane.append('\x1b[2J\x1b[Hframe 3');
    await pane.settled();
    assert.deepEqual(pane.lines(), ['frame 3', '', '']);
    await pane.write('\x1b[?1049l');
    assert.deepEqual(pane.lastAlternateScreen(), ['frame 3', '', '']);
    pane.dispose();
  });
});
