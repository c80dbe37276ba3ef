import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { generateText, simulateReadableStream, streamText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { contextTools, sessionRecording } from '../../src/integrations/ai-sdk/index.js';
import { agentFunction, createEp, isEpError, type Ep } from '../../src/index.js';

let dir: string;
let ep: Ep;

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ep-ai-sdk-'));
  ep = await createEp({ cwd: dir, env: { EP_HOME: path.join(dir, 'home') } });
});

after(async () => {
  await ep.shutdown();
  await rm(dir, { recursive: true, force: true });
});

const usage = { inputTokens: { total: 7, noCache: 7, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 3, text: 3, reasoning: 0 } };

describe('ep-runtime/ai-sdk', () => {
  it('records a streamed model call once the stream ends, with its text and usage', async () => {
    const mock = new MockLanguageModelV3({
      doStream: {
        stream: simulateReadableStream({
          chunks: [
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: 'Hello, ' },
            { type: 'text-delta', id: 't', delta: 'pilot.' },
            { type: 'text-end', id: 't' },
            { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
          ],
        }),
      },
    });
    const model = wrapLanguageModel({ model: mock, middleware: sessionRecording() });
    const talk = agentFunction({ name: 'talk' }, async () => streamText({ model, prompt: 'hi' }).text);
    const run = await ep.sessions.run(() => talk());
    assert.equal(run.result, 'Hello, pilot.');
    const { nodes } = await ep.sessions.show(run.sessionId);
    const modelNode = nodes.find((node) => node.kind === 'model');
    assert.equal(modelNode?.caller, nodes.find((node) => node.name === 'talk')?.id);
    assert.deepEqual(modelNode?.output, { text: 'Hello, pilot.', finishReason: { unified: 'stop', raw: 'stop' } });
    assert.deepEqual(modelNode?.usage, { inputTokens: 7, outputTokens: 3, totalTokens: 10 });
  });

  it('records a failed model call as an error and leaves unrecorded calls outside a session', async () => {
    const failing = wrapLanguageModel({
      model: new MockLanguageModelV3({
        doGenerate: async () => {
          throw new Error('model down');
        },
      }),
      middleware: sessionRecording(),
    });
    const ask = agentFunction({ name: 'ask' }, async () => generateText({ model: failing, prompt: 'hi', maxRetries: 0 }));
    const run = await ep.sessions.run(async () => {
      await ask().catch(() => undefined);
    });
    const { nodes } = await ep.sessions.show(run.sessionId);
    assert.deepEqual(
      nodes.filter((node) => node.kind === 'model').map((node) => [node.status, node.error?.message]),
      [['error', 'model down']],
    );
    const plain = wrapLanguageModel({
      model: new MockLanguageModelV3({
        doGenerate: { content: [], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] },
      }),
      middleware: sessionRecording(),
    });
    assert.equal((await generateText({ model: plain, prompt: 'hi' })).text, '');
  });

  it('offers a writing tool only with allowWrites, and refuses to name one without it', async () => {
    assert.deepEqual(Object.keys(await contextTools(ep, { tools: ['builtin/context-search'] })), ['builtin_context_search']);
    await assert.rejects(
      contextTools(ep, { tools: ['builtin/context-upsert'] }),
      (error) => isEpError(error) && error.code === 'TOOL_WRITES_NOT_ALLOWED',
    );
    await assert.rejects(contextTools(ep, { tools: ['acme/missing'] }), (error) => isEpError(error) && error.code === 'TOOL_NOT_FOUND');
    assert.ok('builtin_context_upsert' in (await contextTools(ep, { tools: ['builtin/context-upsert'], allowWrites: true })));
  });
});
