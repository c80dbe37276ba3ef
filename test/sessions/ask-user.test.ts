import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { answersFromFile } from '../../src/sessions/answer-sources.js';
import { askUser } from '../../src/sessions/ask-user.js';
import { openSession, type AnswerSource } from '../../src/sessions/session-context.js';
import { MemorySessionStore } from './memory-store.js';

async function ask(answers: AnswerSource | undefined, questions: string[]) {
  const store = new MemorySessionStore();
  const { sessionId, replies } = await openSession({ store, ...(answers ? { answers } : {}) }, async (h) => {
    const replies = [];
    for (const question of questions) replies.push(await askUser(question));
    return { sessionId: h.sessionId, replies };
  });
  return { replies, nodes: store.nodes(sessionId) };
}

describe('askUser', () => {
  it('records the answer a callback gives', async () => {
    const { replies, nodes } = await ask((q) => `answer to ${q}`, ['Which one?']);
    assert.deepEqual(replies, ['answer to Which one?']);
    assert.deepEqual(
      nodes.map((n) => [n.kind, n.input, n.status, n.output]),
      [['user', { question: 'Which one?' }, 'answered', 'answer to Which one?']],
    );
  });
  it('records unanswered questions when there is no answer source', async () => {
    const { replies, nodes } = await ask(undefined, ['Anyone?']);
    assert.deepEqual(replies, [undefined]);
    assert.equal(nodes[0]!.status, 'unanswered');
  });
  it('reads answers files as a list in order or as question → answer', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ep-answers-'));
    writeFileSync(path.join(dir, 'list.json'), '["first", "second"]');
    writeFileSync(path.join(dir, 'map.json'), '{"B?": "bee", "*": "any"}');
    assert.deepEqual((await ask(await answersFromFile(path.join(dir, 'list.json')), ['A?', 'B?', 'C?'])).replies, [
      'first',
      'second',
      undefined,
    ]);
    assert.deepEqual((await ask(await answersFromFile(path.join(dir, 'map.json')), ['A?', 'B?'])).replies, ['any', 'bee']);
    await assert.rejects(answersFromFile(path.join(dir, 'missing.json')), { code: 'FILE_NOT_FOUND' });
  });
});
