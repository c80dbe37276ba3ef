import { hasStackTrace } from '../support/ep-process.js';
import type { Figures } from '../support/figures.js';
import { MemorySampler } from '../support/process-memory.js';
import { Sandbox } from '../support/sandbox.js';
import { checkSessionBound } from './session-bound.js';
import { NeverReadingClient } from './never-reading-client.js';

/** Resident memory `ep mcp` must stay under, whatever the client does (docs/limits.md). */
export const MCP_MEMORY_BOUND_MIB = 300;

export interface McpFloodOptions {
  /** How long each flood writes without reading. */
  readonly seconds: number;
  readonly timeoutMs: number;
}

/** One way to flood the server: the frame written for request `id`, and how it is answered. */
interface Flood {
  readonly name: string;
  readonly frame: (id: number) => string;
  /** Broken lines are answered under id null; requests under their own id. */
  readonly answeredUnder: 'own id' | 'null';
}

const CALL_QUERY = `pricing ${'navigation humanize '.repeat(Math.ceil((1024 * 1024) / 19))}`;

const FLOODS: readonly Flood[] = [
  { name: 'tools/list', answeredUnder: 'own id', frame: (id) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' }) },
  {
    name: 'tools/call with 1 MiB arguments',
    answeredUnder: 'own id',
    frame: (id) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: {
          name: 'builtin/search-records',
          arguments: { records: [{ key: 'note.pricing', title: 'pricing pilot' }], query: CALL_QUERY },
        },
      }),
  },
  { name: 'broken lines', answeredUnder: 'null', frame: () => '{"jsonrpc":"2.0","method":' },
];

/**
 * `ep mcp` under clients that write without reading: each flood writes as fast as the pipe takes it for a
 * while, reading nothing, while the server's resident memory is sampled; then the client reads. Memory must
 * stay under the bound throughout, every request written must be answered exactly once, and the server must
 * then answer a plain request normally. The session the calls went to must hold them within its bound.
 */
export async function runMcpFlood(figures: Figures, options: McpFloodOptions): Promise<void> {
  const sandbox = await Sandbox.create();
  try {
    for (const flood of FLOODS) await runFlood(flood, sandbox, figures, options);
  } finally {
    await sandbox.dispose();
  }
}

async function runFlood(flood: Flood, sandbox: Sandbox, figures: Figures, options: McpFloodOptions): Promise<void> {
  const label = `mcp flood (${flood.name})`;
  const client = await NeverReadingClient.start(sandbox.work, sandbox.env(), options.timeoutMs);
  figures.add('processes');
  const sampler = new MemorySampler(client.pid);
  try {
    const ids = await client.flood(flood.frame, Date.now() + options.seconds * 1000);
    const unread = sampler.stop();
    figures.add(`${label}: frames written without reading`, ids.length);
    figures.add(`${label}: peak RSS while not read, MiB`, Math.round(unread.peakMiB));
    if (unread.samples < 2) figures.defect(`${label}: the server's memory was sampled ${unread.samples} times`);
    const expected = ids.length + 1;
    const reading = new MemorySampler(client.pid);
    const answeredAll = await client.read((answers) => count(answers) >= expected, options.timeoutMs * 3);
    const tools = (await client.request('tools/list', {}, options.timeoutMs)) as { result?: { tools?: { name: string }[] } } | undefined;
    const read = reading.stop();
    const peak = Math.max(unread.peakMiB, read.peakMiB);
    figures.add(`${label}: peak RSS, MiB`, Math.round(peak));
    if (peak >= MCP_MEMORY_BOUND_MIB)
      figures.fail('memory over the bound', `${label}: ep mcp reached ${Math.round(peak)} MiB; the bound is ${MCP_MEMORY_BOUND_MIB} MiB`);
    checkAnswers(flood, ids, client, answeredAll, figures, label);
    if (!tools?.result?.tools?.some((tool) => tool.name === 'builtin/search-records')) {
      figures.fail('hangs', `${label}: tools/list after the flood was not answered normally: ${JSON.stringify(tools)?.slice(0, 300)}`);
    } else figures.add('mcp floods answered normally afterwards');
    if (flood.name.startsWith('tools/call')) await checkSessionBound(client.stderr, sandbox, figures, label, CALL_QUERY);
  } finally {
    sampler.stop();
    await client.stop();
    if (hasStackTrace(client.stderr)) figures.fail('crashes', `${label}: ep mcp printed a stack trace: ${client.stderr.slice(0, 600)}`);
  }
}

function count(answers: NeverReadingClient['answers']): number {
  let total = answers.nullIds + answers.notJson;
  for (const times of answers.byId.values()) total += times;
  return total;
}

function checkAnswers(
  flood: Flood,
  ids: readonly number[],
  client: NeverReadingClient,
  answeredAll: boolean,
  figures: Figures,
  label: string,
): void {
  const { byId, nullIds, notJson } = client.answers;
  if (client.exited) figures.fail('crashes', `${label}: ep mcp exited: ${client.stderr.slice(-600)}`);
  if (notJson > 0) figures.fail('crashes', `${label}: ${notJson} lines on stdout were not JSON`);
  if (flood.answeredUnder === 'null') {
    if (nullIds !== ids.length) figures.fail('hangs', `${label}: ${ids.length} broken lines, ${nullIds} answered`);
    return;
  }
  if (client.answers.errors > 0)
    figures.fail('wrong answers', `${label}: ${client.answers.errors} requests answered with an error: ${client.answers.firstError}`);
  const missing = ids.filter((id) => byId.get(id) !== 1);
  if (missing.length > 0 || !answeredAll) {
    figures.fail(
      'hangs',
      `${label}: ${missing.length} of ${ids.length} requests not answered exactly once ` +
        `(first: ${missing[0]}, answered ${byId.get(missing[0]!) ?? 0} times)`,
    );
  } else figures.add(`${label}: requests answered once reading began`, ids.length);
}
