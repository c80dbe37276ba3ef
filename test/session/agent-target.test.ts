import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadAgentTarget } from '../../src/session/agent-target.js';

const dir = mkdtempSync(path.join(tmpdir(), 'ep-target-'));
writeFileSync(path.join(dir, 'agent.mjs'), [
  'export function shout(input) { return input.text.toUpperCase(); }',
  'export class Greeter { greet(input) { return `hello ${input.name}`; } }',
  'export const config = { level: 1 };',
].join('\n'));

describe('loading an agent target', () => {
  it('calls an exported function with the input', async () => {
    const agent = await loadAgentTarget('./agent.mjs#shout', dir);
    assert.equal(agent.invoke({ text: 'hi' }), 'HI');
  });
  it('constructs a class and calls the named method', async () => {
    const agent = await loadAgentTarget('./agent.mjs#Greeter.greet', dir);
    assert.equal(agent.name, 'Greeter.greet');
    assert.equal(agent.invoke({ name: 'ada' }), 'hello ada');
  });
  it('names what is missing', async () => {
    await assert.rejects(loadAgentTarget('./agent.mjs#whisper', dir), { code: 'AGENT_NOT_FOUND', message: /No export whisper/ });
    await assert.rejects(loadAgentTarget('./agent.mjs#Greeter', dir), { code: 'AGENT_NOT_FOUND', message: /Greeter\.<method>/ });
    await assert.rejects(loadAgentTarget('./agent.mjs#Greeter.wave', dir), { code: 'AGENT_NOT_FOUND', message: /no method wave/ });
    await assert.rejects(loadAgentTarget('./agent.mjs#config', dir), { code: 'AGENT_NOT_FOUND' });
    await assert.rejects(loadAgentTarget('./nowhere.mjs#x', dir), { code: 'AGENT_NOT_FOUND', exitCode: 3 });
    await assert.rejects(loadAgentTarget('./agent.mjs', dir), { code: 'USAGE_ERROR', exitCode: 2 });
  });
});
