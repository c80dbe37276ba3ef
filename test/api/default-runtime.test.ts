import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { defaultEp, shutdownDefaultEp } from '../../src/api/default-runtime.js';
import { loadScenarioContext, newScenarioContext, updateScenarioContext } from '../../src/api/scenario-context.js';
import { rankRecords } from '../../src/api/search.js';
import { withSession } from '../../src/api/session.js';
import { agentFunction } from '../../src/sessions/agent-function.js';

describe('the default runtime behind standalone helpers', () => {
  let dir = '';
  let savedHome: string | undefined;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ep-default-'));
    // The default runtime reads the process environment, as a standalone script's would be.
    savedHome = process.env.EP_HOME;
    process.env.EP_HOME = path.join(dir, 'home');
    await shutdownDefaultEp();
  });
  after(async () => {
    await shutdownDefaultEp();
    if (savedHome === undefined) delete process.env.EP_HOME;
    else process.env.EP_HOME = savedHome;
    await rm(dir, { recursive: true, force: true });
  });

  it('is created once and shared, with the built-in plugins, until shut down', async () => {
    const first = await defaultEp();
    assert.equal(await defaultEp(), first);
    assert.equal(first.search.engine.name, 'bm25');
    assert.ok(first.plugins.list().every((plugin) => plugin.origin === 'builtin'));
    await shutdownDefaultEp();
    const second = await defaultEp();
    assert.notEqual(second, first);
  });

  it('ranks records with BM25 when no runtime is given', async () => {
    const records = [
      { key: 'note.tides', summary: 'tides' },
      { key: 'note.pricing', summary: 'pricing pilot' },
    ];
    assert.deepEqual(
      (await rankRecords(records, 'pricing')).map((match) => match.scenario.key),
      ['note.pricing'],
    );
  });

  it('loads, updates and packs a ScenarioContext with the default services', async () => {
    const file = path.join(dir, 'notes.ep');
    await (await newScenarioContext([{ key: 'note.a', summary: 'alpha' }])).save(file);
    await updateScenarioContext(
      file,
      (context) => {
        context.upsert({ key: 'note.b', summary: 'beta alpha' });
      },
      { message: 'Add b' },
    );
    const context = await loadScenarioContext(file);
    assert.deepEqual(
      context.search('beta').map((match) => match.scenario.key),
      ['note.b'],
    );
    assert.deepEqual(context.pack({ query: 'alpha' }).includedKeys.sort(), ['note.a', 'note.b']);
  });

  it('gives a standalone caller that passes nothing a real session under EP_HOME', async () => {
    const add = agentFunction({ name: 'add', instructions: 'Add.' }, (input: { a: number; b: number }) => input.a + input.b);
    const handle = await withSession((session) => {
      add({ a: 1, b: 2 });
      return session;
    });
    assert.equal(handle.created, true);
    assert.ok(existsSync(path.join(dir, 'home', 'sessions', handle.sessionId, 'history', 'nodes.jsonl')));
  });
});
