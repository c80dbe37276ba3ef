import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { TrustStore, type TrustRecord } from '../../../src/runtime/trust/trust-store.js';

const record = (configPath: string, digit = 'a'): TrustRecord => ({
  configPath,
  sha256: digit.repeat(64),
  trustedAt: '2026-01-01T00:00:00.000Z',
  codeEntries: [{ entry: 'plugins[0]', value: '"./x.mjs"' }],
  codeEntryCount: 1,
});

async function withHome(body: (home: string) => Promise<void>): Promise<void> {
  const home = await mkdtemp(path.join(tmpdir(), 'ep-trust-'));
  try {
    await body(home);
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

test('a record reads back by its config path, and trusting again replaces it', () =>
  withHome(async (home) => {
    const store = new TrustStore(home);
    await store.put(record('/p/.edsl/ep.json'));
    await store.put(record('/p/.edsl/ep.json', 'b'));
    await store.put(record('/q/.edsl/ep.json'));
    assert.equal((await store.get('/p/.edsl/ep.json'))?.sha256, 'b'.repeat(64));
    assert.equal(await store.get('/r/.edsl/ep.json'), undefined);
    assert.deepEqual(
      (await store.list()).records.map((r) => r.configPath),
      ['/p/.edsl/ep.json', '/q/.edsl/ep.json'],
    );
  }));

test('records are private to the user', () =>
  withHome(async (home) => {
    const store = new TrustStore(home);
    await store.put(record('/p/.edsl/ep.json'));
    assert.equal((await stat(store.dir)).mode & 0o777, 0o700);
    const [name] = await readdir(store.dir);
    assert.equal((await stat(path.join(store.dir, name!))).mode & 0o777, 0o600);
  }));

test('revoking removes the record and says whether there was one', () =>
  withHome(async (home) => {
    const store = new TrustStore(home);
    await store.put(record('/p/.edsl/ep.json'));
    assert.equal(await store.remove('/p/.edsl/ep.json'), true);
    assert.equal(await store.remove('/p/.edsl/ep.json'), false);
    assert.equal(await store.get('/p/.edsl/ep.json'), undefined);
  }));

test('broken, foreign or misplaced records never count as trust', () =>
  withHome(async (home) => {
    const store = new TrustStore(home);
    await store.put(record('/p/.edsl/ep.json'));
    const [file] = await readdir(store.dir);
    const target = path.join(store.dir, file!);
    for (const text of [
      '{',
      '[]',
      JSON.stringify({ ...record('/p/.edsl/ep.json'), sha256: 'short' }),
      JSON.stringify(record('/other/.edsl/ep.json')),
    ]) {
      await writeFile(target, text);
      assert.equal(await store.get('/p/.edsl/ep.json'), undefined, text);
    }
    await writeFile(path.join(store.dir, 'stray.json'), JSON.stringify(record('/s/.edsl/ep.json')));
    const listed = await store.list();
    assert.deepEqual([listed.records.length, listed.unreadable], [0, 2]);
  }));
