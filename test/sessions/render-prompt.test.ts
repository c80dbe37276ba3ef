import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SessionNode } from '../../src/sessions/call-node.js';
import { HISTORY_VALUE_CHARS, renderHistory, renderPrompt } from '../../src/sessions/render-prompt.js';

let seq = 0;
const node = (id: string, fields: Partial<SessionNode>): SessionNode => ({
  id,
  kind: 'call',
  name: id,
  seq: ++seq,
  turn: 't',
  caller: null,
  predecessor: null,
  input: {},
  status: 'completed',
  createdAt: '',
  ...fields,
});

describe('prompt rendering', () => {
  const plan = node('plan', { input: { topic: 'tides' }, output: 'three steps' });
  const current = node('write', { status: 'running', instructions: 'Write it.', input: { section: 2 } });
  const draft = node('draft', { caller: current.id, output: 'draft text' });
  const model = node('m1', { kind: 'model', caller: draft.id, output: 'draft text' });
  const question = node('u1', {
    kind: 'user',
    name: 'ask_user',
    caller: current.id,
    input: { question: 'Tone?' },
    status: 'answered',
    output: 'dry',
  });
  const pending = node('later', { caller: current.id, status: 'running' });
  const nodes = [plan, current, draft, model, question, pending];

  it('lists finished earlier steps, nested ones indented, without the open calls or model calls', () => {
    assert.equal(
      renderHistory(nodes, current),
      [
        '- plan {"topic":"tides"} → completed: "three steps"',
        '- draft {} → completed: "draft text"',
        '- ask_user "Tone?" → answered: "dry"',
      ].join('\n'),
    );
    const outer = node('outer', {});
    const inner = node('inner', { caller: outer.id, output: 1 });
    assert.equal(renderHistory([outer, inner]), '- outer {} → completed: null\n  - inner {} → completed: 1');
  });

  it('puts instructions, arguments, history and the request in order', () => {
    const prompt = renderPrompt({ call: current, nodes, request: 'Keep it short.' });
    const order = ['## Instructions\nWrite it.', '## Arguments\n{\n  "section": 2\n}', '## History\n- plan', '## Request\nKeep it short.'];
    const positions = order.map((part) => prompt.indexOf(part));
    assert.ok(
      positions.every((p) => p >= 0),
      prompt,
    );
    assert.deepEqual(
      [...positions].sort((a, b) => a - b),
      positions,
    );
  });

  it('says so when there is no history', () => {
    assert.match(renderPrompt({ call: current, nodes: [current] }), /## History\n\(no earlier calls in this session\)/);
  });

  it('cuts long inputs and outputs in the history, saying how much was left out', () => {
    const big = node('lookup', { output: 'x'.repeat(HISTORY_VALUE_CHARS * 2) });
    const line = renderHistory([big]);
    assert.ok(line.length < HISTORY_VALUE_CHARS + 100, line);
    assert.match(line, new RegExp(`… \\(${HISTORY_VALUE_CHARS + 2} more characters\\)$`));
  });
});
