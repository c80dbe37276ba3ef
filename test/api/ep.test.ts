import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { createEp, type Ep } from '../../src/api/ep.js';
import { isEpError } from '../../src/kernel/errors.js';
import { definePlugin } from '../../src/kernel/plugin.js';
import { SearchEngine } from '../../src/search/search-engine.js';
import { Tool } from '../../src/skills/tool.js';
import { agentFunction } from '../../src/sessions/agent-function.js';
import { EP_VERSION } from '../../src/version.js';

// This file runs from dist/test/api/.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const RECORDS = [
  { key: 'preference.pilot-model', kind: 'user_preference', summary: 'Use lower-cost models for pilot studies.' },
  { key: 'note.tides', kind: 'note', summary: 'Tides follow the moon.' },
];

/** A plugin whose hooks count their calls, and a tool that counts its own. */
function countingPlugin() {
  const counts = { initialize: 0, shutdown: 0, toolCalls: 0 };
  const plugin = definePlugin(() => ({
    id: 'test/counter',
    version: '1.0.0',
    engine: `^${EP_VERSION}`,
    provides: [Tool],
    register(registry) {
      registry.registerValue(Tool, {
        name: 'test/count',
        description: 'Counts its calls.',
        capabilities: ['read_only'],
        inputSchema: { type: 'object', properties: {}, additionalProperties: false },
        async call() {
          counts.toolCalls += 1;
          return { calls: counts.toolCalls };
        },
      });
    },
    initialize() {
      counts.initialize += 1;
    },
    shutdown() {
      counts.shutdown += 1;
    },
  }))();
  return { counts, plugin };
}

describe('createEp', () => {
  let dir: string;
  const open = (options: Parameters<typeof createEp>[0] = {}) =>
    createEp({ cwd: dir, env: { EP_HOME: path.join(dir, 'home') }, ...options });

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ep-api-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('starts the plugins once for any number of calls, and stops them once', async () => {
    const { counts, plugin } = countingPlugin();
    const ep = await open({ plugins: [plugin] });
    for (let i = 0; i < 3; i += 1) {
      await ep.tools.list();
      await ep.tools.call('test/count');
      await ep.context.budget();
      await ep.sessions.list();
    }
    assert.deepEqual(counts, { initialize: 1, shutdown: 0, toolCalls: 3 });
    await ep.shutdown();
    await ep.shutdown();
    assert.deepEqual(counts, { initialize: 1, shutdown: 1, toolCalls: 3 });
  });

  it('shuts down at the end of an `await using` block', async () => {
    const { counts, plugin } = countingPlugin();
    {
      await using ep = await open({ plugins: [plugin] });
      await ep.tools.call('test/count');
    }
    assert.deepEqual(counts, { initialize: 1, shutdown: 1, toolCalls: 1 });
  });

  it('refuses calls after shutdown with EP_SHUT_DOWN', async () => {
    const ep = await open();
    await ep.shutdown();
    await assert.rejects(ep.tools.list(), (error) => isEpError(error) && error.code === 'EP_SHUT_DOWN');
    await assert.rejects(ep.contexts.current(), (error) => isEpError(error) && error.code === 'EP_SHUT_DOWN');
    assert.throws(
      () => ep.plugins.list(),
      (error) => isEpError(error) && error.code === 'EP_SHUT_DOWN',
    );
  });

  it('runs a plugin object passed in code, as docs/plugins.md shows', async () => {
    const { default: wordCount } = await import(pathToFileURL(path.join(ROOT, 'examples/plugin-word-count/index.js')).href);
    await using ep = await open({ plugins: [wordCount({ minLength: 2 })] });
    const output = (await ep.tools.call('acme/word-count', { text: 'a context runtime for agents' })) as { words: number };
    assert.equal(output.words, 4);
    assert.ok(ep.plugins.list().some((plugin) => plugin.id === 'acme/word-count' && plugin.origin === 'api'));
  });

  it('reports the tool contributions it left out, naming their plugin, and serves the rest', async () => {
    const broken = definePlugin(() => ({
      id: 'test/broken',
      version: '1.0.0',
      engine: `^${EP_VERSION}`,
      provides: [Tool],
      register(registry) {
        registry.registerFactory(Tool, () => {
          throw new Error('missing API key');
        });
      },
    }));
    await using ep = await open({ plugins: [broken()] });
    assert.deepEqual(
      (await ep.tools.leftOut()).map(({ plugin, code }) => [plugin, code]),
      [['test/broken', 'PLUGIN_SERVICE_FAILED']],
    );
    assert.ok((await ep.tools.list()).some((tool) => tool.name === 'builtin/request-context'));
  });

  describe('bound to one project', () => {
    let ep: Ep;
    before(async () => {
      ep = await open();
      await ep.packages.save('notes.ep', RECORDS, { message: 'Seed notes' });
      await ep.contexts.use('notes.ep');
    });
    after(async () => {
      await ep.shutdown();
    });

    it('resolves package paths against its cwd, not the process cwd', async () => {
      assert.notEqual(process.cwd(), dir);
      const loaded = await ep.packages.load('notes.ep');
      assert.deepEqual(
        loaded.list.toArray().map((record) => record.key),
        RECORDS.map((record) => record.key),
      );
      assert.deepEqual(
        (await ep.packages.log('notes.ep')).map((entry) => entry.message),
        ['Seed notes'],
      );
    });

    it('reads and writes the active context through the pointer', async () => {
      assert.deepEqual((await ep.contexts.current()).active_context_paths, ['notes.ep']);
      await ep.contexts.upsert({ record: { key: 'note.learned', summary: 'Pilots need a budget cap.' }, message: 'Learned' });
      assert.equal((await ep.contexts.get('note.learned')).data.scenario.summary, 'Pilots need a budget cap.');
      assert.equal((await ep.contexts.search({ query: 'budget cap' })).data.matches[0]?.scenario.key, 'note.learned');
      assert.equal((await ep.contexts.history()).data.commits[0]?.message, 'Learned');
    });

    it("ranks in-memory records with the runtime's search engine", () => {
      assert.equal(ep.search.engine, ep.get(SearchEngine));
      const hits = ep.search.records(RECORDS, 'moon tides');
      assert.equal(hits[0]?.scenario.key, 'note.tides');
    });

    it('assembles context from the active packages', async () => {
      const assembled = await ep.context.request({ purpose: 'choose a pilot model', query: 'pilot model' });
      assert.ok(assembled.fragments.some((fragment) => fragment.ukoNode === 'preference.pilot-model'));
    });

    it('continues a session by id', async () => {
      const step = agentFunction({ name: 'step', instructions: 'Note the step.' }, (input: { n: number }) => input.n);
      const first = await ep.sessions.run(() => step({ n: 1 }));
      const second = await ep.sessions.run(() => step({ n: 2 }), { sessionId: first.sessionId });
      assert.deepEqual([first.created, second.created, second.sessionId, second.result], [true, false, first.sessionId, 2]);
      assert.equal((await ep.sessions.show(first.sessionId)).meta.turns, 2);
      assert.ok((await ep.sessions.list()).some((meta) => meta.id === first.sessionId));
      // Exported relative to the runtime's cwd, as a session another EP_HOME reads.
      const exported = await ep.sessions.export(first.sessionId, { to: 'exported-home' });
      assert.deepEqual([exported.dir, exported.turns], [path.join(dir, 'exported-home', 'sessions', first.sessionId), 2]);
      await using other = await createEp({ cwd: dir, env: { EP_HOME: path.join(dir, 'exported-home') } });
      assert.deepEqual((await other.sessions.show(first.sessionId)).nodes, (await ep.sessions.show(first.sessionId)).nodes);
      await ep.sessions.delete(first.sessionId);
      assert.equal(
        (await ep.sessions.list()).some((meta) => meta.id === first.sessionId),
        false,
      );
    });

    it('runs an agent function by target, with the context in its prompt', async () => {
      const target = `${path.join(ROOT, 'dist/examples/agent-loop/planner.js')}#Planner.plan`;
      const run = await ep.sessions.runAgent(target, { task: 'choose a pilot model' });
      assert.equal(run.created, true);
      const { nodes } = await ep.sessions.show(run.sessionId);
      const contextCall = nodes.find((node) => node.name === 'builtin/request-context');
      assert.equal(contextCall?.status, 'completed');
      assert.match(JSON.stringify(contextCall?.output), /preference\.pilot-model/);
      assert.equal(typeof run.output, 'string');
    });

    it('lists the started plugins with their origin', () => {
      const listed = ep.plugins.list();
      assert.ok(listed.some((plugin) => plugin.id === 'builtin/context' && plugin.origin === 'builtin'));
    });
  });
});
