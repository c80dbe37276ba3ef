import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ToolRegistryService } from '../../../src/skills/tool-registry.js';
import type { Tool } from '../../../src/skills/tool.js';

const echo: Tool = {
  name: 'test/echo',
  description: 'echo',
  capabilities: ['read_only'],
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
  call: (input: { text: string }) => ({ text: input.text }),
};
const write: Tool = { ...echo, name: 'test/write', capabilities: ['writes'] };

describe('ToolRegistryService', () => {
  const registry = ToolRegistryService.of([echo, write]);
  it('calls a tool with valid input', async () => assert.deepEqual(await registry.call('test/echo', { text: 'hi' }), { text: 'hi' }));
  it('names the missing field', async () =>
    assert.rejects(registry.call('test/echo', {}), { code: 'TOOL_INPUT_INVALID', message: /\/text/ }));
  it('names a wrongly typed field', async () =>
    assert.rejects(registry.call('test/echo', { text: 3 }), { code: 'TOOL_INPUT_INVALID', message: /\/text must be string/ }));
  it('keeps read-only callers away from writing tools', async () =>
    assert.rejects(registry.call('test/write', { text: 'x' }, { readOnly: true }), { code: 'TOOL_NOT_READ_ONLY' }));
  it('reports unknown tools as not found', async () => assert.rejects(registry.call('test/none', {}), { code: 'TOOL_NOT_FOUND' }));
});
