import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { execa } from 'execa';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { splitCommandLine } from '../support/command-line.js';
import {
  cluster,
  databaseUrl,
  epOnDatabase,
  machineHome,
  readDatabaseSession,
  scenarioDatabase,
  startSteps,
} from '../support/postgres-driver.js';
import { exampleTarget } from '../support/session-driver.js';
import { Database } from '../../src/postgres/database.js';
import type { EpWorld } from '../support/world.js';

Given('a PostgreSQL database the machines share', async function (this: EpWorld) {
  await scenarioDatabase(this);
});

Given('a project whose ep config keeps sessions in that database', async function (this: EpWorld) {
  await this.writeJson('.edsl/ep.json', {
    providers: { 'ep.SessionStore': 'builtin/session-store-postgres' },
    options: { 'builtin/session-store-postgres': { url: databaseUrl(this) } },
  });
});

When(
  'machine {string} runs the example agent {string} with input {string}',
  async function (this: EpWorld, machine: string, method: string, input: string) {
    const run = await epOnDatabase(this, ['run', exampleTarget(method), '--input', input], machine);
    assert.equal(run.envelope?.status, 'ok', run.stdout + run.stderr);
    this.values.set('sessionId', run.envelope.data.sessionId);
  },
);

When(
  'machine {string} continues that session with the example agent {string} and input {string}',
  async function (this: EpWorld, machine: string, method: string, input: string) {
    const sessionId = this.values.get('sessionId') as string;
    const run = await epOnDatabase(this, ['run', exampleTarget(method), '--input', input, '--session', sessionId], machine);
    assert.equal(run.envelope?.status, 'ok', run.stdout + run.stderr);
    assert.equal(run.envelope.data.created, false);
  },
);

Then(
  'machine {string} shows the session with {int} turns, the second survey following the first',
  async function (this: EpWorld, machine: string, turns: number) {
    const run = await epOnDatabase(this, ['session', 'show', this.values.get('sessionId') as string], machine);
    assert.equal(run.envelope?.status, 'ok', run.stdout + run.stderr);
    const { meta, nodes } = run.envelope.data;
    assert.equal(meta.turns, turns);
    const surveys = nodes.filter((node: { name: string; kind: string }) => node.name === 'survey' && node.kind === 'call');
    assert.deepEqual(
      surveys.map((node: { input: { topic: string } }) => node.input.topic),
      ['tides', 'moons'],
    );
    assert.equal(surveys[1].predecessor, surveys[0].id);
    assert.ok(surveys[1].seq > surveys[0].seq);
  },
);

Then('no machine keeps session files under its EP_HOME', function (this: EpWorld) {
  for (const machine of ['a', 'b', 'c']) assert.equal(existsSync(`${machineHome(this, machine)}/sessions`), false, machine);
});

When(
  '{int} processes each make {int} calls in session {string} at once',
  async function (this: EpWorld, processes: number, calls: number, sessionId: string) {
    const runs = await Promise.all(Array.from({ length: processes }, (_, n) => startSteps(this, sessionId, `w${n}`, calls)));
    for (const run of runs) assert.equal(run.exitCode, 0, `${run.stdout}\n${run.stderr}`);
  },
);

Then(
  "the session {string} holds {int} nodes numbered 1 to {int}, each process's calls in its order",
  async function (this: EpWorld, sessionId: string, count: number, last: number) {
    const { nodes } = await readDatabaseSession(this, sessionId);
    assert.equal(nodes.length, count);
    assert.deepEqual(
      nodes.map((node) => node.seq),
      Array.from({ length: last }, (_, index) => index + 1),
    );
    const writers = new Set(nodes.map((node) => (node.input as { writer: string }).writer));
    for (const writer of writers) {
      const steps = nodes.filter((node) => node.name === 'step' && (node.input as { writer: string }).writer === writer);
      assert.deepEqual(
        steps.map((node) => (node.input as { n: number }).n),
        steps.map((_, index) => index),
      );
      assert.ok(steps.every((node) => node.status === 'completed'));
    }
  },
);

Then('the session {string} records {int} turns', async function (this: EpWorld, sessionId: string, turns: number) {
  const session = await readDatabaseSession(this, sessionId);
  assert.equal(session.meta.turns, turns);
  assert.deepEqual(
    session.turns.map((turn) => turn.number),
    Array.from({ length: turns }, (_, index) => index + 1),
  );
});

When(
  'a run of {int} calls in session {string} is under way and the server stops',
  async function (this: EpWorld, calls: number, sessionId: string) {
    const run = startSteps(this, sessionId, 'cut', calls, 2);
    // Stopped once the run has written some calls, while it is still writing.
    for (let tries = 0; ; tries += 1) {
      const written = await readDatabaseSession(this, sessionId).catch(() => undefined);
      if (written && written.records.length >= 40) break;
      if (tries > 600) throw new Error('The run never wrote its first calls.');
      await sleep(50);
    }
    await (await cluster()).halt();
    const result = await run;
    this.last = {
      args: ['run'],
      exitCode: result.exitCode ?? -1,
      stdout: String(result.stdout),
      stderr: String(result.stderr),
      envelope: JSON.parse(String(result.stdout)),
    };
  },
);

When(
  'the server is back and a run of {int} calls continues session {string}',
  async function (this: EpWorld, calls: number, sessionId: string) {
    await (await cluster()).resume();
    const run = await startSteps(this, sessionId, 'after', calls);
    assert.equal(run.exitCode, 0, `${run.stdout}\n${run.stderr}`);
  },
);

Then(
  'the session {string} reads back numbered without gaps, with {int} turn and the interrupted calls left running',
  async function (this: EpWorld, sessionId: string, turns: number) {
    const { nodes, records, meta } = await readDatabaseSession(this, sessionId);
    assert.deepEqual(
      records.map((record) => record.position),
      records.map((_, index) => index + 1),
    );
    assert.deepEqual(
      nodes.map((node) => node.seq),
      nodes.map((_, index) => index + 1),
    );
    assert.equal(meta.turns, turns);
    const interrupted = nodes.filter((node) => (node.input as { writer?: string }).writer === 'cut');
    assert.ok(interrupted.length > 0 && interrupted.some((node) => node.status === 'running'));
    const after = nodes.filter((node) => (node.input as { writer?: string }).writer === 'after');
    assert.ok(after.length === 4 && after.every((node) => node.status === 'completed'));
  },
);

When('I run {string} against the database', async function (this: EpWorld, commandLine: string) {
  await epOnDatabase(this, splitCommandLine(commandLine).slice(1));
});

When(
  "the database's schema is marked as version {int} and I run {string} against it",
  async function (this: EpWorld, version: number, commandLine: string) {
    const database = new Database({ url: databaseUrl(this) });
    try {
      await database.query(
        "INSERT INTO ep_schema_version (version, description, applied_at) VALUES ($1, 'a later ep', now())",
        [version],
        'test',
      );
    } finally {
      await database.close();
    }
    await epOnDatabase(this, splitCommandLine(commandLine).slice(1));
  },
);

When('I run {string} with EP_DATABASE_URL naming a port nothing listens on', async function (this: EpWorld, commandLine: string) {
  await this.ep(commandLine, { env: { EP_DATABASE_URL: 'postgres://ep@127.0.0.1:1/ep' } });
});

When('machine {string} exports that session to {string}', async function (this: EpWorld, machine: string, dir: string) {
  const sessionId = this.values.get('sessionId') as string;
  const run = await epOnDatabase(this, ['session', 'export', '--session', sessionId, '--to', dir], machine);
  assert.equal(run.envelope?.status, 'ok', run.stdout + run.stderr);
});

Then(
  'the session shown from the files under {string} has the nodes and turns shown from the database',
  async function (this: EpWorld, dir: string) {
    const sessionId = this.values.get('sessionId') as string;
    const fromDatabase = await epOnDatabase(this, ['session', 'show', sessionId], 'c');
    const fromFiles = await this.ep(['session', 'show', sessionId], { env: { EP_HOME: this.resolve(dir) } });
    assert.equal(fromFiles.envelope?.status, 'ok', fromFiles.stdout + fromFiles.stderr);
    assert.deepEqual(fromFiles.envelope.data.nodes, fromDatabase.envelope.data.nodes);
    assert.equal(fromFiles.envelope.data.meta.turns, fromDatabase.envelope.data.meta.turns);
    assert.match(fromFiles.envelope.data.meta.head, /^[0-9a-f]{40}$/);
  },
);

Then('plain git lists {int} turn commits in the session exported to {string}', async function (this: EpWorld, turns: number, dir: string) {
  const sessionDir = this.resolve(`${dir}/sessions/${this.values.get('sessionId') as string}`);
  const { stdout } = await execa('git', ['log', '--format=%s'], { cwd: sessionDir });
  assert.deepEqual(
    stdout.split('\n').map((subject) => /^Turn turn_[0-9a-f]+: survey/.test(subject)),
    Array.from({ length: turns }, () => true),
  );
});
