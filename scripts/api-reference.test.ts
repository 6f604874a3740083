// docs/api-reference.md is generated from the route table: a change to a route's schema that is not written into
// the reference fails here, with the command that fixes it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { API_REFERENCE, renderApiReference } from './api-reference';

test('docs/api-reference.md is what the route table says (run `npm run docs:api` after changing a route)', () => {
  assert.equal(readFileSync(API_REFERENCE, 'utf8'), renderApiReference());
});

test('the reference names every route with its schemas', () => {
  const text = renderApiReference();
  assert.match(text, /^\| `POST \/api\/json\/eval` \| hook or admin \| The hooks' route/m);
  assert.match(text, /^\| `POST \/api\/json\/sleep-mode` \| admin \|/m);
  assert.match(text, /^\| `GET \/api\/json\/health` \| none \|/m);
  assert.match(text, /## `POST \/api\/json\/sleep-mode`[\s\S]*?"maximum": 2592000000/);
});
