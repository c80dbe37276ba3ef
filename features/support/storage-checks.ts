import assert from 'node:assert/strict';
import { execa } from 'execa';
import { readdir, stat } from 'node:fs/promises';
import { pythonJsonDumps } from '../../src/storage/json/python-json-writer.js';
import { OpenPackage } from '../../src/storage/package/open-package.js';
import type { Scenario } from '../../src/records/scenario.js';
import { archiveFiles, exists, listMembers, workerScript } from './storage-driver.js';

/** Checks of archives and processes that the storage steps share. */
export async function assertArchiveShape(file: string, mode: number): Promise<void> {
  const members = await listMembers(file);
  const names = members.map((member) => member.name);
  assert.deepEqual(names, [...names].sort());
  assert.ok(
    members.every((member) => (member.unixMode & 0o170000) === 0o100000),
    'regular files only',
  );
  assert.ok(!names.some((name) => name.startsWith('.git/hooks/')), 'no hooks');
  assert.ok(names.includes('.git/HEAD') && names.includes('manifest.json'));
  assert.equal(((await stat(file)).mode & 0o777).toString(8), String(mode));
}

/** Every scenario file is printable ASCII and exactly Python's JSON of the record at its position. */
export async function assertPythonJsonFiles(file: string, records: readonly Scenario[]): Promise<void> {
  const files = await archiveFiles(file);
  const order: string[] = JSON.parse(new TextDecoder().decode(files['manifest.json'])).scenario_order;
  assert.equal(order.length, records.length);
  order.forEach((id, i) => {
    const text = new TextDecoder().decode(files[`scenarios/${id}.json`]);
    assert.match(text, /^[\n\x20-\x7e]*$/, 'only printable ASCII and newlines');
    assert.equal(text, pythonJsonDumps(records[i]!));
  });
}

/** Starts a writer saving `count` records, waits until it holds the lock, then kills it; true when killed. */
export async function killWriterMidSave(file: string, count: number): Promise<boolean> {
  const child = execa(process.execPath, [workerScript('package-save-worker'), file, String(count)], { reject: false });
  while (!(await exists(`${file}.lock`))) {
    if (child.exitCode !== null) throw new Error('The writer finished before it could be killed.');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 90));
  child.kill('SIGKILL');
  return (await child).signal === 'SIGKILL';
}

/** How a HEAD load was served: straight from the archive (`worktree`) or from git objects. */
export async function headSource(file: string): Promise<{ source: string; commit: string | undefined }> {
  const opened = await OpenPackage.open(file);
  try {
    const snapshot = await opened.snapshot('HEAD');
    return { source: snapshot.source, commit: snapshot.commit };
  } finally {
    await opened.close();
  }
}

export async function leftoverFiles(dir: string, prefixes: readonly string[]): Promise<string[]> {
  return (await readdir(dir)).filter((name) => prefixes.some((prefix) => name.startsWith(prefix)));
}
