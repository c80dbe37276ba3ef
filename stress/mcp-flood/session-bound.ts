import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Limits } from '../../src/limits/limits.js';
import { TRUNCATION_MARKER_PATTERN } from '../../src/sessions/recorded-value.js';
import type { Figures } from '../support/figures.js';
import type { Sandbox } from '../support/sandbox.js';

/** Log bytes one call may add besides its bounded values: ids, times, status, the JSON around them. */
const CALL_OVERHEAD_BYTES = 4 * 1024;

/**
 * The session an `ep mcp` connection recorded its calls in (named on its stderr) must hold every call
 * within the bound: at most name, instructions, input and output of `Limits.sessionValueBytes` each, plus
 * the record's own fields; and an input over the bound must be recorded cut short, ending in the marker
 * that names its size.
 */
export async function checkSessionBound(stderr: string, sandbox: Sandbox, figures: Figures, label: string, query: string): Promise<void> {
  const sessionId = /recorded in session (\S+)/.exec(stderr)?.[1];
  if (!sessionId) {
    figures.defect(`${label}: ep mcp did not name its session: ${stderr.slice(0, 300)}`);
    return;
  }
  const log = await readFile(path.join(sandbox.epHome, 'sessions', sessionId, 'history', 'nodes.jsonl'), 'utf8');
  const records = log
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { kind?: string; input?: { query?: unknown } });
  const calls = records.filter((record) => record.kind === 'call');
  const perCall = 4 * Limits.sessionValueBytes + CALL_OVERHEAD_BYTES;
  const bytes = Buffer.byteLength(log);
  figures.add(`${label}: calls recorded`, calls.length);
  figures.add(`${label}: session log bytes per call`, Math.round(bytes / Math.max(1, calls.length)));
  if (calls.length === 0) figures.defect(`${label}: no call was recorded in session ${sessionId}`);
  if (bytes > calls.length * perCall) {
    figures.fail(
      'unbounded records',
      `${label}: session ${sessionId} holds ${bytes} bytes for ${calls.length} calls; the bound is ${perCall} bytes a call`,
    );
  }
  const expectedSize = String(Buffer.byteLength(query));
  const unmarked = calls.filter((call) => TRUNCATION_MARKER_PATTERN.exec(String(call.input?.query))?.[1] !== expectedSize);
  if (unmarked.length > 0) {
    figures.fail(
      'unbounded records',
      `${label}: ${unmarked.length} recorded inputs do not end in the marker naming ${expectedSize} bytes: ` +
        String(unmarked[0]?.input?.query).slice(-80),
    );
  }
}
