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
    const pane = new ScreenMirror(20, 4, 100);
    await pane.write(Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\r\n'));
    const reloaded = new ScreenMirror(20, 4, 100);
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
});
