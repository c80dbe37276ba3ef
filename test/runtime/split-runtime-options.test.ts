import assert from 'node:assert/strict';
import { it } from 'node:test';
import { splitRuntimeOptions } from '../../src/runtime/plan-runtime.js';

it("splits a library function's options into the runtime's and the operation's own", () => {
  const plugins: never[] = [];
  const [runtime, own] = splitRuntimeOptions({ ref: 'v1', cwd: '/project', env: { EP_HOME: '/home' }, plugins, message: 'Save' });
  assert.deepEqual(runtime, { cwd: '/project', env: { EP_HOME: '/home' }, plugins });
  assert.deepEqual(own, { ref: 'v1', message: 'Save' });
});

it('keeps a field named like an Object.prototype member among the operation options', () => {
  const [runtime, own] = splitRuntimeOptions({ constructor: 'x', toString: 'y' } as never);
  assert.deepEqual(runtime, {});
  assert.deepEqual(own, { constructor: 'x', toString: 'y' });
});
