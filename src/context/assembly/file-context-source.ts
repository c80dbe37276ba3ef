import path from 'node:path';
import { EpError, ExitCode } from '../../kernel/errors.js';
import { readRecordsFile } from '../../records/read-records-file.js';
import { type ContextRecord, type ContextSource, type TierName, TIER_NAMES } from './contracts.js';

export interface ContextFileSpec {
  readonly path: string;
  readonly tier?: TierName;
  /** The deepest record level served from this file (an archive of summaries: 1). */
  readonly maxDepth?: number;
}

/** One source per file: a JSON array of records or JSON Lines, read when the tiers first load. */
export function contextFileSources(files: readonly ContextFileSpec[], cwd: string): ContextSource[] {
  return files.map((spec, i) => {
    const tier = spec.tier ?? 'warm';
    const depthValid = spec.maxDepth === undefined || (Number.isInteger(spec.maxDepth) && spec.maxDepth >= 0);
    if (typeof spec.path !== 'string' || !TIER_NAMES.includes(tier) || !depthValid) {
      throw new EpError(
        'CONTEXT_SOURCE_INVALID',
        `builtin/context-files options: files[${i}] needs a "path", a tier of hot, warm or cold, ` +
          'and an optional non-negative integer maxDepth.',
        { exitCode: ExitCode.validation },
      );
    }
    const file = path.resolve(cwd, spec.path);
    return {
      id: `file:${spec.path}`,
      tier,
      ...(spec.maxDepth === undefined ? {} : { maxDepth: spec.maxDepth }),
      load: () => readRecordsFile(file) as Promise<ContextRecord[]>,
    };
  });
}
