import { isNewNode, type LogRecord, type SessionNode } from '../call-node.js';

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

/**
 * Folds new-node and update records into nodes, numbered in log order. Each process numbers the nodes it
 * starts, so a parent and a subprocess appending to one session at once can write the same `seq`; the log
 * itself is one order every process agrees on (each record is one `O_APPEND` write, made when the node
 * starts), so every reader numbers nodes by their place in it and gets the same unique numbers. A
 * single-writer log reads back with the numbers it was written with.
 */
export function foldRecords(records: readonly LogRecord[]): SessionNode[] {
  const nodes = new Map<string, SessionNode>();
  for (const record of records) {
    if (isNewNode(record)) {
      if (!nodes.has(record.id)) nodes.set(record.id, { ...record, seq: nodes.size + 1 });
    } else {
      const node = nodes.get(record.id);
      if (node) Object.assign(node, record);
    }
  }
  return [...nodes.values()];
}

export function serializeRecord(record: LogRecord): string {
  return `${JSON.stringify(record)}\n`;
}
