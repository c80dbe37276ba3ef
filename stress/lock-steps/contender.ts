// A lock contender for the step scheduler (schedule.ts): it takes the lock again and again, and stops before
// every file system call the lock makes (and inside the lock) until the scheduler lets it go on, so the
// scheduler decides the interleaving step by step and may kill or stop it at any of them.
import fs from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';

type Message = { kind: 'step'; call: string; path: string } | { kind: 'enter' } | { kind: 'work' } | { kind: 'exit' };

/** Steps inside the lock: real holders work a while, and the longer they hold it the more can go wrong around them. */
const WORK_STEPS = 4;

// Calls made together (Promise.all) each wait for their own go-ahead, in the order they were reported.
const waiting: Array<() => void> = [];
process.on('message', () => waiting.shift()?.());
// Its scheduler gone (killed, or a test that timed out), a contender has nothing left to wait for.
process.on('disconnect', () => process.exit(0));

function pause(message: Message): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    process.send!(message);
  });
}

const calls = fs as unknown as Record<string, unknown>;
for (const name of ['mkdir', 'writeFile', 'rename', 'readdir', 'readFile', 'stat', 'unlink', 'rmdir', 'rm', 'link']) {
  const original = calls[name] as (...args: unknown[]) => Promise<unknown>;
  calls[name] = async (...args: unknown[]) => {
    // Module loading reads through here too; only the lock's own calls are steps.
    if (!String(args[0]).startsWith('file:')) await pause({ kind: 'step', call: name, path: String(args[0]) });
    return original(...args);
  };
}
// The lock's back-off only spends time; the test's scheduler decides the order, so waits are cut short.
const realSetTimeout = globalThis.setTimeout;
globalThis.setTimeout = ((callback: () => void, _ms?: number) => realSetTimeout(callback, 1)) as typeof setTimeout;
// The lock imports these by name: the named exports follow the patched module object only after this.
syncBuiltinESMExports();

const { withFileLock } = await import('../../src/util/file-lock.js');
const lockPath = process.argv[2]!;
for (;;) {
  await withFileLock(lockPath, async () => {
    await pause({ kind: 'enter' });
    for (let i = 0; i < WORK_STEPS; i += 1) await pause({ kind: 'work' });
    await pause({ kind: 'exit' });
  });
}
