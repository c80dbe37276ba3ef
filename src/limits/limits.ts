import { EpError, ExitCode } from '../kernel/errors.js';

/**
 * Documented limits (docs/limits.md). They bound what one command may read or write, so hostile input
 * fails fast with a clear error instead of exhausting memory or the stack.
 */
export const Limits = {
  /** Bytes of JSON accepted from `--json`, `@file` or stdin. */
  jsonInputBytes: 16 * 1024 * 1024,
  /** Nesting depth of any JSON value (objects and arrays). */
  nestingDepth: 64,
  /** Characters in a record key. */
  keyLength: 512,
  /** Bytes of one record serialized as JSON. */
  recordBytes: 1024 * 1024,
  /** Members (files) of one `.ep` archive, checked before anything is inflated. */
  packageEntries: 1_000_000,
  /** Unpacked bytes of one `.ep` archive, as its members declare them (inflating never exceeds a declared size). */
  packageBytes: 2 * 1024 ** 3,
  /** Bytes of one JSON file of a package (`manifest.json`, `codebook.json`, a record file) as stored, read or written. */
  packageJsonFileBytes: 16 * 1024 * 1024,
  /** Bytes one git object of a package may declare in its header, by type (a blob: the package size). */
  gitObjectBytes: { commit: 1024 * 1024, tag: 1024 * 1024, tree: 64 * 1024 * 1024, blob: 2 * 1024 ** 3 } as Readonly<
    Record<string, number>
  >,
  /**
   * Bytes git may have to inflate across a package's whole object store: the sizes loose and undeltified packed
   * objects declare, plus the stored bytes of deltas (reused as they are).
   */
  gitStoreBytes: 4 * 1024 ** 3,
  /** Packages one read combines: the active contexts of `.edsl/context.json`, or the paths given, once each. */
  activeContexts: 64,
  /** Bytes of a records file (`ep scenarios create --from-json`, the files of `builtin/context-files`). */
  recordsFileBytes: 256 * 1024 ** 2,
  /** Bytes of one session's log (`history/nodes.jsonl`), read whole by `ep session show` and new turns. */
  sessionLogBytes: 256 * 1024 ** 2,
  /**
   * Bytes of JSON a session node records for each of its name, input, output and error message. Longer
   * values are cut short with a marker naming their size (`src/sessions/recorded-value.ts`).
   */
  sessionValueBytes: 64 * 1024,
  /** Requests one `ep mcp` connection has in progress at once; further requests wait unread in the pipe. */
  mcpRequestsInFlight: 8,
  /** Bytes of the requests one `ep mcp` connection has in progress at once (a larger request runs alone). */
  mcpRequestBytesInFlight: 4 * 1024 * 1024,
} as const;

export function limitExceeded(what: string, actual: number, max: number, unit: string, details: Record<string, unknown> = {}): EpError {
  return new EpError('LIMIT_EXCEEDED', `${what} is ${actual} ${unit}; the limit is ${max} ${unit}.`, {
    exitCode: ExitCode.validation,
    details: { ...details, limit: what, actual, max },
    suggestion: 'See docs/limits.md for the limits ep enforces.',
  });
}

/** Depth of a parsed JSON value, checked iteratively so deep input cannot overflow the stack. */
export function assertNestingDepth(value: unknown, what: string, max: number = Limits.nestingDepth): void {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > max) throw limitExceeded(`${what} nesting depth`, depth, max, 'levels');
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, depth + 1]);
  }
}

/** Nesting depth of raw JSON text, without parsing it (brackets outside strings). */
export function jsonTextDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i += 1;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (char === 0x7d || char === 0x5d) depth -= 1;
  }
  return deepest;
}

/**
 * Whether raw JSON text nests deeper than `max`. Text with no more than `max` brackets cannot, and most
 * records have a handful, so they cost two native scans rather than a walk over every character.
 */
export function jsonTextDeeperThan(text: string, max: number = Limits.nestingDepth): boolean {
  let brackets = 0;
  for (const open of ['{', '[']) {
    for (let at = text.indexOf(open); at >= 0 && brackets <= max; at = text.indexOf(open, at + 1)) brackets += 1;
  }
  return brackets > max && jsonTextDepth(text) > max;
}

/** A record key must be a non-empty string within the length limit, without control characters. */
export function assertValidKey(key: unknown, where = 'key'): string {
  if (typeof key !== 'string' || key.trim() === '') {
    throw new EpError('MISSING_KEY', `The record needs a non-empty string ${where}.`, {
      exitCode: ExitCode.validation,
      suggestion: 'Add "key": "kind.topic.name" to the record.',
    });
  }
  if (key.length > Limits.keyLength) throw limitExceeded('The key length', key.length, Limits.keyLength, 'characters');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) {
    throw new EpError('INVALID_KEY', `The ${where} contains a control character.`, { exitCode: ExitCode.validation });
  }
  return key;
}

/** Size and depth of one record. */
export function assertRecordWithinLimits(record: unknown): void {
  assertNestingDepth(record, 'The record');
  const bytes = Buffer.byteLength(JSON.stringify(record), 'utf8');
  if (bytes > Limits.recordBytes) throw limitExceeded('The record size', bytes, Limits.recordBytes, 'bytes');
}
