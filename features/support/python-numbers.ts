import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeSidecar, SidecarInvalid, type DecodedSidecar } from '../../src/context/active/sidecar/sidecar-decode.js';
import type { EpWorld } from './world.js';

/**
 * Runs `ep` with a record as its JSON argument in one of the ways a user gives it: `inline`, `@file` (the
 * record written to that file first), `@-` (on stdin), or `as tool input` (inside a tool's
 * `{"record": ..., "path": "numbers.ep"}`).
 */
export async function runWithRecord(world: EpWorld, args: string[], record: string, form: string): Promise<void> {
  if (form === 'inline') await world.ep([...args, record]);
  else if (form === 'as tool input') await world.ep([...args, `{"record": ${record}, "path": "numbers.ep"}`]);
  else if (form === '@-') await world.ep([...args, '@-'], { input: record });
  else if (form.startsWith('@')) {
    await world.writeFile(form.slice(1), record);
    await world.ep([...args, form]);
  } else throw new Error(`No way to give a record "${form}"`);
}

/** True when the read cache (under the scenario's EP_HOME) has a sound sidecar built from the package's current bytes. */
export async function readCacheHolds(world: EpWorld, file: string): Promise<boolean> {
  const digest = createHash('sha256')
    .update(await readFile(world.resolve(file)))
    .digest('hex');
  const dir = path.join(world.home, 'cache', 'context-packages');
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.eprc'));
  for (const name of names) if (soundSidecar(await readFile(path.join(dir, name)))?.header.digest === digest) return true;
  return false;
}

/** The sidecar in `bytes` when its head and every block of its body pass their checks. */
function soundSidecar(bytes: Buffer): DecodedSidecar | undefined {
  const sidecar = decodeSidecar(bytes);
  try {
    sidecar?.body();
    return sidecar;
  } catch (error) {
    if (error instanceof SidecarInvalid) return undefined;
    throw error;
  }
}

export type Damage = 'cut short' | 'scrambled' | 'emptied';

/** Damages the package's sidecar in the read cache as a crash, a bad disk or a stray write would. */
export async function damageReadCache(world: EpWorld, file: string, damage: Damage): Promise<void> {
  const digest = createHash('sha256')
    .update(await readFile(world.resolve(file)))
    .digest('hex');
  const dir = path.join(world.home, 'cache', 'context-packages');
  for (const name of (await readdir(dir)).filter((entry) => entry.endsWith('.eprc'))) {
    const bytes = await readFile(path.join(dir, name));
    if (decodeSidecar(bytes)?.header.digest !== digest) continue;
    if (damage === 'cut short') await writeFile(path.join(dir, name), bytes.subarray(0, bytes.length >> 1));
    else if (damage === 'emptied') await writeFile(path.join(dir, name), '');
    else
      await writeFile(
        path.join(dir, name),
        bytes.map((byte, at) => (at % 7 === 3 ? byte ^ 0x5a : byte)),
      );
    return;
  }
  throw new Error(`The read cache holds no sidecar for ${file}`);
}
