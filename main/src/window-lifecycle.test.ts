import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WindowLifecycle } from './window-lifecycle';

test('closing the window hides it and keeps the app (and governance) running', () => {
  const lifecycle = new WindowLifecycle();
  assert.equal(lifecycle.onWindowClose(), 'hide');
  assert.equal(lifecycle.shouldQuitWhenAllWindowsClosed(), false);
  assert.equal(lifecycle.isQuitting, false);
});

test('after Quit, the window really closes and the app ends', () => {
  const lifecycle = new WindowLifecycle();
  lifecycle.beginQuit();
  assert.equal(lifecycle.onWindowClose(), 'close');
  assert.equal(lifecycle.shouldQuitWhenAllWindowsClosed(), true);
});
