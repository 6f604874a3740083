import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startWaiting } from './waiting-indicator';

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { written, stream: { isTTY, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream };
}

describe('the waiting indicator', () => {
  it('is one plain line when the output is not a terminal', () => {
    const { written, stream: out } = stream(false);
    startWaiting('Waiting for the browser… (Ctrl+C to cancel)', out).stop();
    assert.deepEqual(written, ['Waiting for the browser… (Ctrl+C to cancel)\n']);
  });

  it('is a spinner on a terminal, taken off the line when it stops', () => {
    const { written, stream: out } = stream(true);
    startWaiting('Waiting for the browser… (Ctrl+C to cancel)', out).stop();
    assert.deepEqual(written, ['\r⠋ Waiting for the browser… (Ctrl+C to cancel)', '\r\x1b[K']);
  });
});
