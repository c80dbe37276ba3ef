import { NeverReadingClient } from '../../stress/mcp-flood/never-reading-client.js';
import { MemorySampler } from '../../stress/support/process-memory.js';
import type { EpWorld } from './world.js';

/** A client that writes a burst of requests to `ep mcp` without reading, and what it saw once it read. */
export interface McpBurst {
  readonly client: NeverReadingClient;
  readonly ids: readonly number[];
  readonly sampler: MemorySampler;
  peakMiB?: number;
}

const BURST_WRITE_MS = 10_000;
const READ_MS = 60_000;

export const burstOf = (world: EpWorld) => world.values.get('mcpBurst') as McpBurst;

/** Starts `ep mcp` in the project and writes `count` requests of `method` without reading any answer. */
export async function writeBurst(world: EpWorld, args: readonly string[], method: string, count: number): Promise<void> {
  const env = { ...process.env, EP_HOME: world.home } as Record<string, string>;
  const client = await NeverReadingClient.start(world.dir, env, READ_MS, args);
  const sampler = new MemorySampler(client.pid);
  world.values.set('mcpBurst', { client, sampler, ids: [] });
  const ids = await client.flood((id) => JSON.stringify({ jsonrpc: '2.0', id, method }), Date.now() + BURST_WRITE_MS, count);
  world.values.set('mcpBurst', { client, sampler, ids });
}

/** The client starts reading: resolves once every request of the burst (and `initialize`) is answered, or the bound passes. */
export async function readBurst(world: EpWorld): Promise<void> {
  const burst = burstOf(world);
  let answers = 0;
  await burst.client.read((seen) => {
    answers = seen.nullIds + seen.notJson + [...seen.byId.values()].reduce((sum, times) => sum + times, 0);
    return answers >= burst.ids.length + 1;
  }, READ_MS);
  burst.peakMiB = burst.sampler.stop().peakMiB;
}

/** Request ids of the burst not answered exactly once. */
export function unansweredOnce(burst: McpBurst): number[] {
  return burst.ids.filter((id) => burst.client.answers.byId.get(id) !== 1);
}

export async function stopBurst(world: EpWorld): Promise<void> {
  const burst = world.values.get('mcpBurst') as McpBurst | undefined;
  if (!burst) return;
  burst.sampler.stop();
  await burst.client.stop();
}
