import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { CommandModelRuntime } from '../../src/models/command-model.js';
import { OpenAIChatRuntime, openAIOptionsFrom } from '../../src/models/openai-chat-model.js';
import { ScriptedModelRuntime } from '../../src/models/scripted-model.js';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: any;
}

/** A chat completions server on loopback that records every request and answers with `reply`. */
async function chatServer(
  status = 200,
  reply: unknown = { model: 'tiny-1', choices: [{ message: { role: 'assistant', content: 'hello there' } }] },
) {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      requests.push({ method: req.method!, url: req.url!, headers: req.headers, body: JSON.parse(body) });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { requests, baseUrl: `http://127.0.0.1:${port}/v1`, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('the scripted model runtime', () => {
  it('replies deterministically and records every prompt', async () => {
    const a = new ScriptedModelRuntime();
    const b = new ScriptedModelRuntime();
    const first = await a.complete({ prompt: 'p1', caller: 'f' });
    assert.equal(first.text, (await b.complete({ prompt: 'p1', caller: 'f' })).text);
    assert.notEqual(first.text, (await a.complete({ prompt: 'p2', caller: 'f' })).text);
    assert.deepEqual(
      a.prompts.map((p) => p.prompt),
      ['p1', 'p2'],
    );
  });
  it('gives scripted replies in turn', async () => {
    const model = new ScriptedModelRuntime({ replies: ['one', 'two'] });
    const texts = [];
    for (let i = 0; i < 3; i += 1) texts.push((await model.complete({ prompt: `${i}` })).text);
    assert.deepEqual(texts, ['one', 'two', 'one']);
  });
});

describe('the OpenAI-compatible client', () => {
  it('posts the prompt to /chat/completions with the model and key, and returns the content', async () => {
    const server = await chatServer();
    try {
      const client = new OpenAIChatRuntime(
        openAIOptionsFrom({}, { EP_MODEL_BASE_URL: server.baseUrl, EP_MODEL: 'tiny-1', EP_MODEL_API_KEY: 'sk-test' }),
      );
      const reply = await client.complete({ prompt: '## Instructions\nSay hello.' });
      assert.deepEqual(reply, { text: 'hello there', model: 'tiny-1' });
      const [request] = server.requests;
      assert.equal(request!.method, 'POST');
      assert.equal(request!.url, '/v1/chat/completions');
      assert.equal(request!.headers.authorization, 'Bearer sk-test');
      assert.deepEqual(request!.body, { model: 'tiny-1', messages: [{ role: 'user', content: '## Instructions\nSay hello.' }] });
    } finally {
      await server.close();
    }
  });
  it('prefers plugin options over the environment', () => {
    const options = openAIOptionsFrom({ model: 'from-options' }, { EP_MODEL: 'from-env', EP_MODEL_BASE_URL: 'http://x/v1' });
    assert.equal(options.model, 'from-options');
    assert.equal(options.baseUrl, 'http://x/v1');
  });
  it('reports a rejected key as an auth error and a server error as remote', async () => {
    const denied = await chatServer(401, { error: { message: 'bad key' } });
    const broken = await chatServer(500, { error: { message: 'boom' } });
    try {
      await assert.rejects(new OpenAIChatRuntime({ baseUrl: denied.baseUrl, model: 'm' }).complete({ prompt: 'x' }), {
        code: 'MODEL_AUTH_FAILED',
        exitCode: 4,
      });
      await assert.rejects(new OpenAIChatRuntime({ baseUrl: broken.baseUrl, model: 'm' }).complete({ prompt: 'x' }), {
        code: 'MODEL_REQUEST_FAILED',
        exitCode: 6,
      });
    } finally {
      await denied.close();
      await broken.close();
    }
  });
  it('needs a model name', async () => {
    await assert.rejects(new OpenAIChatRuntime({ baseUrl: 'http://127.0.0.1:1/v1' }).complete({ prompt: 'x' }), {
      code: 'MODEL_NOT_CONFIGURED',
    });
  });
});

describe('the command model runtime', () => {
  it('pipes the prompt to the program and returns its output', async () => {
    const model = new CommandModelRuntime({
      command: process.execPath,
      args: ['-e', 'process.stdin.on("data", (d) => process.stdout.write(String(d).toUpperCase() + "\\n"))'],
    });
    assert.equal((await model.complete({ prompt: 'quiet words' })).text, 'QUIET WORDS');
  });
  it('reports a failing program', async () => {
    const model = new CommandModelRuntime({ command: process.execPath, args: ['-e', 'console.error("no model"); process.exit(3)'] });
    await assert.rejects(model.complete({ prompt: 'x' }), { code: 'MODEL_COMMAND_FAILED', message: /exit code 3: no model/ });
  });
});
