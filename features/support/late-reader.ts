import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { splitCommandLine } from './command-line.js';
import { EP_BIN, type CommandRun, type EpWorld } from './world.js';

/**
 * Runs `ep` with stdout on a pipe that nothing reads for `lateMs` (an agent busy with something else), then
 * reads it to the end: an envelope longer than the pipe holds can only be written as the reader takes it.
 */
export async function runReadingLate(world: EpWorld, commandLine: string, lateMs: number): Promise<CommandRun> {
  const args = splitCommandLine(commandLine);
  if (args[0] === 'ep') args.shift();
  const child = spawn(process.execPath, [EP_BIN, ...args], {
    cwd: world.dir,
    env: { ...process.env, ...world.commandEnv() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  const closed = once(child, 'close') as Promise<[number | null]>;
  await delay(lateMs);
  child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
  const [exitCode] = await closed;
  return world.record(args, exitCode ?? -1, Buffer.concat(stdout).toString('utf8'), Buffer.concat(stderr).toString('utf8'));
}
