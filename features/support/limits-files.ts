import { execFileSync } from 'node:child_process';
import type { EpWorld } from './world.js';

/** Files that break the documented limits or are not JSON files at all, for the limits scenarios. */
export async function writeNestedJson(world: EpWorld, name: string, depth: number): Promise<void> {
  await world.writeFile(name, `${'['.repeat(depth)}${']'.repeat(depth)}`);
}

export async function writeLargeJson(world: EpWorld, name: string, mebibytes: number): Promise<void> {
  await world.writeFile(name, `{"key":"big","value":"${'x'.repeat(mebibytes * 1024 * 1024)}"}`);
}

export async function writeNonUtf8Json(world: EpWorld, name: string): Promise<void> {
  await world.writeFile(name, Buffer.from([0x7b, 0x22, 0x6b, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]));
}

export function makeFifo(world: EpWorld, name: string): void {
  execFileSync('mkfifo', [world.resolve(name)]);
}

/** A record `{key, summary}` whose `field` is `length` characters long. */
export async function writeRecordWithLongField(world: EpWorld, name: string, field: string, length: number): Promise<void> {
  await world.writeJson(name, { key: 'note.limits', summary: 'short', [field]: 'x'.repeat(length) });
}

/** A small valid package made by `ep scenarios create`. */
export async function createContextPackage(world: EpWorld, name: string): Promise<void> {
  await world.writeJson(`${name}.records.json`, [{ key: 'note.first', summary: 'The first note.' }]);
  const run = await world.ep(['scenarios', 'create', '--from-json', `${name}.records.json`, '--output', name]);
  if (run.envelope?.status !== 'ok') throw new Error(`ep scenarios create failed: ${run.stdout}`);
}
