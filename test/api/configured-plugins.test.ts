import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createEp } from '../../src/api/ep.js';
import { newScenarioContext, loadScenarioContext } from '../../src/api/scenario-context.js';
import { rankRecords, searchRecords } from '../../src/api/search.js';
import { withSession } from '../../src/api/session.js';
import { definePlugin } from '../../src/kernel/plugin.js';
import { SearchEngine, type SearchDocument } from '../../src/search/search-engine.js';
import { SessionStore } from '../../src/sessions/store/session-store.js';
import { agentFunction } from '../../src/sessions/agent-function.js';
import { EP_VERSION } from '../../src/version.js';
import { MemorySessionStore } from '../sessions/memory-store.js';

/** An engine no built-in resembles: every document scores, the last one highest, whatever the query. */
const lastFirst: SearchEngine = {
  name: 'last-first',
  buildIndex(documents: readonly SearchDocument[]) {
    return {
      size: documents.length,
      search: (_query, options = {}) =>
        documents
          .map((_, index) => ({ index, score: index + 1 }))
          .reverse()
          .slice(0, options.topK),
    };
  },
};

const searchPlugin = definePlugin(() => ({
  id: 'test/last-first',
  version: '1.0.0',
  engine: `^${EP_VERSION}`,
  provides: [SearchEngine],
  register(registry) {
    registry.registerValue(SearchEngine, lastFirst);
  },
}));

const RECORDS = [
  { key: 'note.pricing', summary: 'pricing pilot' },
  { key: 'note.tides', summary: 'tides and the moon' },
];
const keys = (matches: Array<{ scenario: { key?: unknown } }>) => matches.map((match) => match.scenario.key);

describe('a configured plugin is the one the library uses', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ep-configured-'));
  });
  after(async () => rm(dir, { recursive: true, force: true }));

  it('ranks ScenarioList searches with a configured search engine, in every library path', async () => {
    await using ep = await createEp({
      cwd: dir,
      env: { EP_HOME: path.join(dir, 'home') },
      plugins: [searchPlugin()],
      config: { providers: { 'ep.SearchEngine': 'test/last-first' } },
    });
    const { runtime } = ep;
    // BM25 would give only note.pricing; the configured engine ranks both, the last record first.
    assert.deepEqual(keys(await rankRecords(RECORDS, 'pricing', { runtime })), ['note.tides', 'note.pricing']);
    assert.deepEqual(
      (await searchRecords(RECORDS, 'pricing', { runtime, topK: 1 })).toArray().map((record) => record.key),
      ['note.tides'],
    );
    assert.deepEqual(keys(ep.search.records(RECORDS, 'pricing')), ['note.tides', 'note.pricing']);

    const file = path.join(dir, 'notes.ep');
    await (await newScenarioContext(RECORDS, { runtime })).save(file);
    const context = await loadScenarioContext(file, { runtime });
    assert.deepEqual(keys(context.search('pricing')), ['note.tides', 'note.pricing']);
    assert.deepEqual(context.pack({ query: 'pricing', topK: 1 }).includedKeys, ['note.tides']);
  });

  it('writes sessions to a configured session store, not under EP_HOME', async () => {
    const memory = new MemorySessionStore();
    const storePlugin = definePlugin(() => ({
      id: 'test/memory-sessions',
      version: '1.0.0',
      engine: `^${EP_VERSION}`,
      provides: [SessionStore],
      register(registry) {
        registry.registerValue(SessionStore, memory);
      },
    }));
    const home = path.join(dir, 'sessions-home');
    await using ep = await createEp({
      cwd: dir,
      env: { EP_HOME: home },
      plugins: [storePlugin()],
      config: { providers: { 'ep.SessionStore': 'test/memory-sessions' } },
    });
    const step = agentFunction({ name: 'step', instructions: 'Count.' }, (input: { n: number }) => input.n + 1);
    const { sessionId, output } = await withSession((session) => ({ sessionId: session.sessionId, output: step({ n: 1 }) }), {
      runtime: ep.runtime,
    });
    assert.equal(output, 2);
    assert.deepEqual(
      memory.nodes(sessionId).map((node) => node.output),
      [2],
    );
    await assert.rejects(readdir(path.join(home, 'sessions')), { code: 'ENOENT' });
  });
});
