import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { EP_BIN, type EpWorld } from './world.js';

/** `.edsl/context.json` written by hand, as a colleague's tool or a broken script might leave it. */
export async function writePointer(world: EpWorld, paths: readonly string[]): Promise<void> {
  await world.writeJson('.edsl/context.json', { active_context_paths: paths, default_write_context_path: paths[0] ?? null });
}

export async function linkFile(world: EpWorld, name: string, target: string): Promise<void> {
  await mkdir(path.dirname(world.resolve(name)), { recursive: true });
  await symlink(path.relative(path.dirname(world.resolve(name)), world.resolve(target)), world.resolve(name));
}

/**
 * Starts two `ep` commands at the same moment, `times` times over, and returns the pointer's active paths
 * after each round (none: no pointer). Each round starts from the pointer as it was before the first.
 */
export async function raceCommands(world: EpWorld, first: string[], second: string[], times: number): Promise<(string[] | undefined)[]> {
  const pointerFile = world.resolve('.edsl/context.json');
  const start = await readFile(pointerFile, 'utf8');
  const after: (string[] | undefined)[] = [];
  const env = { EP_HOME: world.home, TMPDIR: path.join(world.dir, '.tmp') };
  for (let round = 0; round < times; round += 1) {
    await writeFile(pointerFile, start);
    const runs = await Promise.all(
      [first, second].map((args) => execa(process.execPath, [EP_BIN, ...args], { cwd: world.dir, env, reject: false })),
    );
    for (const run of runs) if (run.exitCode !== 0) throw new Error(`${run.command} failed: ${run.stdout}`);
    const pointer = await readFile(pointerFile, 'utf8').catch(() => undefined);
    after.push(pointer === undefined ? undefined : JSON.parse(pointer).active_context_paths);
  }
  return after;
}

/** A real MCP client that declares `roots` (directories of the scenario) and answers the server's `roots/list`. */
export async function connectMcpWithRoots(world: EpWorld, cwd: string, roots: readonly string[], args: string[] = []): Promise<Client> {
  await mkdir(world.resolve(cwd), { recursive: true });
  const client = new Client({ name: 'ep-acceptance', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
  client.setRequestHandler(ListRootsRequestSchema, async () => ({
    roots: roots.map((root) => ({ uri: pathToFileURL(world.resolve(root)).href, name: root })),
  }));
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [EP_BIN, 'mcp', ...args],
      cwd: world.resolve(cwd),
      env: { ...process.env, EP_HOME: world.home },
      stderr: 'pipe',
    }),
  );
  return client;
}
