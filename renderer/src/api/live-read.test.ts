// LiveRead without a browser: which events a read hands back, with overlapping reads and failed ones.
// Node runs these (scripts/test.mjs); the renderer program has no Node types otherwise (tsconfig "types": []).
/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LiveRead } from './live-read';

/** A request the test answers when it wants. */
function deferred<T>(): { promise: Promise<T>; resolve(value: T): void; reject(error: Error): void } {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('LiveRead', () => {
  test('hands back exactly the events seen between the start and the answer of the read, in order', async () => {
    const live = new LiveRead<string>();
    live.seen('before');
    const request = deferred<number>();
    const read = live.read(() => request.promise);
    live.seen('during-1');
    live.seen('during-2');
    request.resolve(7);
    const { answer, since } = await read;
    live.seen('after');
    assert.equal(answer, 7);
    assert.deepEqual(since, ['during-1', 'during-2']);
  });

  test('overlapping reads each get the events of their own time in flight', async () => {
    const live = new LiveRead<string>();
    const first = deferred<string>();
    const second = deferred<string>();
    const a = live.read(() => first.promise);
    live.seen('one');
    const b = live.read(() => second.promise);
    live.seen('two');
    second.resolve('b');
    assert.deepEqual((await b).since, ['two']);
    live.seen('three');
    first.resolve('a');
    assert.deepEqual((await a).since, ['one', 'two', 'three']);
  });

  test('a failed read rejects with its error and stops collecting', async () => {
    const live = new LiveRead<string>();
    const request = deferred<string>();
    const read = live.read(() => request.promise);
    request.reject(new Error('daemon down'));
    await assert.rejects(read, /daemon down/);
    const next = deferred<string>();
    const again = live.read(() => next.promise);
    live.seen('x');
    next.resolve('ok');
    assert.deepEqual((await again).since, ['x']);
  });

  test('latest: the newest snapshot seen while the read was in flight wins over its answer, else the answer', async () => {
    const live = new LiveRead<string>();
    const request = deferred<string>();
    const read = live.latest(() => request.promise);
    live.seen('snapshot 1');
    live.seen('snapshot 2');
    request.resolve('answer');
    assert.equal(await read, 'snapshot 2');
    assert.equal(await live.latest(async () => 'answer'), 'answer');
  });
});
