import { createHash } from 'node:crypto';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
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

/** True when the read cache (under the scenario's EP_HOME) has an entry for the package's current bytes. */
export async function readCacheHolds(world: EpWorld, file: string): Promise<boolean> {
  const digest = createHash('sha256')
    .update(await readFile(world.resolve(file)))
    .digest('hex');
  return access(path.join(world.home, 'cache', 'context-packages', `${digest}.json`)).then(
    () => true,
    () => false,
  );
}
