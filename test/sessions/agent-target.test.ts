import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { loadAgentTarget } from '../../src/sessions/agent-target.js';
import { openSession } from '../../src/sessions/session-context.js';
import type { SessionNode } from '../../src/sessions/call-node.js';
import { MemorySessionStore } from './memory-store.js';

const AGENT_FUNCTION = pathToFileURL(path.resolve(import.meta.dirname, '../../src/sessions/agent-function.js')).href;
const dir = mkdtempSync(path.join(tmpdir(), 'ep-target-'));
writeFileSync(
  path.join(dir, 'agent.mjs'),
  [
    `import { agentFunction } from ${JSON.stringify(AGENT_FUNCTION)};`,
    'export function shout(input) { return input.text.toUpperCase(); }',
    'export class Greeter { greet(input) { "Greet by name."; return `hello ${input.name}`; } }',
    'export const config = { level: 1 };',
    'const step = agentFunction({ name: "step", instructions: "Take one step." }, (input) => input.n + 1);',
    'export const stepTwice = agentFunction({ name: "stepTwice", instructions: "Take two steps." }, (input) => step({ n: step(input) }));',
    'export async function plan(input) {\n  "Plan the pilot: sample and budget.";\n  return step({ n: input.n });\n}',
  ].join('\n'),
);

/** Runs a target in a fresh in-memory session; returns its output and the nodes it recorded. */
async function runTarget(target: string, input: unknown): Promise<{ output: unknown; nodes: SessionNode[] }> {
  const store = new MemorySessionStore();
  const agent = await loadAgentTarget(target, dir);
  const output = await openSession({ store, sessionId: 's' }, () => agent.invoke(input));
  return { output, nodes: (await store.read('s')).nodes };
}

describe('loading an agent target', () => {
  it("calls an exported function with the input, recorded as the session's node", async () => {
    const { output, nodes } = await runTarget('./agent.mjs#shout', { text: 'hi' });
    assert.equal(output, 'HI');
    assert.deepEqual(
      nodes.map((n) => [n.name, n.caller, n.status, n.instructions]),
      [['shout', null, 'completed', undefined]],
    );
  });
  it('constructs a class and calls the named method, with its docstring as instructions', async () => {
    const agent = await loadAgentTarget('./agent.mjs#Greeter.greet', dir);
    assert.equal(agent.name, 'Greeter.greet');
    const { output, nodes } = await runTarget('./agent.mjs#Greeter.greet', { name: 'ada' });
    assert.equal(output, 'hello ada');
    assert.deepEqual(
      nodes.map((n) => [n.name, n.instructions]),
      [['Greeter.greet', 'Greet by name.']],
    );
  });
  it('nests decorated calls under a plain function, and records a decorated export once', async () => {
    const plain = await runTarget('./agent.mjs#plan', { n: 1 });
    assert.equal(plain.output, 2);
    const [root, step] = plain.nodes;
    assert.deepEqual([root?.name, root?.caller, root?.instructions], ['plan', null, 'Plan the pilot: sample and budget.']);
    assert.deepEqual([step?.name, step?.caller], ['step', root?.id]);
    const decorated = await runTarget('./agent.mjs#stepTwice', { n: 1 });
    assert.equal(decorated.output, 3);
    assert.deepEqual(
      decorated.nodes.map((n) => n.name),
      ['stepTwice', 'step', 'step'],
    );
  });
  it('needs a session to run in', async () => {
    const agent = await loadAgentTarget('./agent.mjs#shout', dir);
    assert.throws(() => agent.invoke({ text: 'hi' }), { code: 'SESSION_REQUIRED' });
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
