import { isNewNode, type LogRecord, type SessionNode } from '../session/call-node.js';

export interface ParsedLog {
  readonly records: LogRecord[];
  readonly skippedLines: number;
}

/**
 * Parses a JSON Lines session log. Only text up to the last newline counts: a last line without one was
 * torn by a crash mid-write and is ignored, and nothing before it is lost. The whole log is parsed in one
 * `JSON.parse` (raw newlines never occur inside a JSON line); a damaged line falls back to line by line.
 */
export function parseLog(text: string): ParsedLog {
  const end = text.lastIndexOf('\n');
  if (end <= 0) return { records: [], skippedLines: 0 };
  const body = text.slice(0, end);
  try {
    return { records: JSON.parse(`[${body.replaceAll('\n', ',')}]`) as LogRecord[], skippedLines: 0 };
  } catch {
    return parseLineByLine(body);
  }
}

function parseLineByLine(body: string): ParsedLog {
  const records: LogRecord[] = [];
  let skippedLines = 0;
  for (const line of body.split('\n')) {
    if (line.trim() === '') continue;
    try {
      records.push(JSON.parse(line) as LogRecord);
    } catch {
      skippedLines += 1;
    }
  }
  return { records, skippedLines };
}

/** Folds new-node and update records into nodes, in `seq` order. */
export function foldRecords(records: readonly LogRecord[]): SessionNode[] {
  const nodes = new Map<string, SessionNode>();
  for (const record of records) {
    if (isNewNode(record)) {
      nodes.set(record.id, record);
    } else {
      const node = nodes.get(record.id);
      if (node) Object.assign(node, record);
    }
  }
  return [...nodes.values()].sort((a, b) => a.seq - b.seq);
}

export function serializeRecord(record: LogRecord): string {
  return `${JSON.stringify(record)}\n`;
}
