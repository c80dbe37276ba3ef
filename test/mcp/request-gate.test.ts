import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RequestGate } from '../../src/mcp/request-gate.js';

test('requests start while both the count and the bytes in progress are within the bounds', () => {
  const gate = new RequestGate(2, 100);
  assert.equal(gate.admits(60), true);
  gate.start(1, 60);
  assert.equal(gate.admits(50), false, 'the bytes would pass the bound');
  assert.equal(gate.admits(40), true);
  gate.start(2, 40);
  assert.equal(gate.admits(1), false, 'the count is at the bound');
  assert.equal(gate.finish(1), true);
  assert.equal(gate.admits(50), true);
});

test('a request larger than the byte bound starts alone', () => {
  const gate = new RequestGate(4, 100);
  assert.equal(gate.admits(500), true);
  gate.start(1, 500);
  assert.equal(gate.admits(1), false);
  gate.finish(1);
  assert.equal(gate.idle, true);
});

test('a cancelled request keeps its place until it ends, and its answer is withheld', () => {
  const gate = new RequestGate(1, 100);
  gate.start('a', 10);
  assert.equal(gate.cancel('a'), true);
  assert.equal(gate.admits(10), false);
  assert.equal(gate.finish('a'), false);
  assert.equal(gate.admits(10), true);
  assert.equal(gate.cancel('a'), false, 'nothing under that id is in progress any more');
});

test('an answer to nothing in progress goes out and frees nothing', () => {
  const gate = new RequestGate(1, 100);
  gate.start(1, 10);
  assert.equal(gate.finish(2), true);
  assert.equal(gate.idle, false);
});

test('a reused id counts each request under it', () => {
  const gate = new RequestGate(3, 100);
  gate.start(7, 10);
  gate.start(7, 10);
  gate.finish(7);
  assert.equal(gate.idle, false);
  gate.finish(7);
  assert.equal(gate.idle, true);
});

test('the server waits for the client from its request until the answer, or until it gives up', () => {
  const gate = new RequestGate(1, 100);
  gate.ask(1);
  gate.ask(2);
  gate.answered(1);
  assert.equal(gate.awaitingClient, true);
  gate.answered(2);
  assert.equal(gate.awaitingClient, false);
});

test('what waits to be read is full at the same bounds', () => {
  const gate = new RequestGate(3, 100);
  assert.equal(gate.full(2, 99), false);
  assert.equal(gate.full(3, 0), true);
  assert.equal(gate.full(0, 100), true);
});
