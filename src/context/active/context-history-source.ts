import type { ContextRecord, ContextSource } from '../assembly/contracts.js';
import { isEpError } from '../../kernel/errors.js';
import { canonicalJson } from '../../records/json.js';
import { isReadable } from '../../records/unreadable-record.js';
import type { ContextRecordsService } from './context-records-service.js';

export const CONTEXT_HISTORY_SOURCE_ID = 'builtin/context-records:history';

/** Earlier commits read per package: history is for recall, and each revision costs a load. */
export const DEFAULT_HISTORY_REVISIONS = 5;

/**
 * Feeds the cold tier with superseded versions of records from the active packages' earlier commits: a
 * record as it was before an upsert changed it, or one since removed. Versions equal to the current one
 * are left out (the warm tier holds those).
 */
export function contextHistorySource(service: () => ContextRecordsService, maxRevisions = DEFAULT_HISTORY_REVISIONS): ContextSource {
  return {
    id: CONTEXT_HISTORY_SOURCE_ID,
    tier: 'cold',
    async load() {
      let packages: { absolute: string }[];
      try {
        packages = await service().readPaths();
      } catch (error) {
        if (isEpError(error) && error.code === 'CONTEXT_NOT_CONFIGURED') return [];
        throw error;
      }
      const seen = new Set<string>();
      const out: ContextRecord[] = [];
      for (const { absolute } of packages) {
        const current = await service().reader.load(absolute);
        for (const record of current.records) seen.add(canonicalJson(record));
        const older = (await service().reader.commits(absolute)).slice(1, 1 + maxRevisions);
        for (const commit of older) {
          for (const record of await service().reader.loadRevision(absolute, commit)) {
            const identity = canonicalJson(record);
            if (seen.has(identity) || typeof record.key !== 'string' || record.key === '' || !isReadable(record)) continue;
            seen.add(identity);
            out.push(record as ContextRecord);
          }
        }
      }
      return out;
    },
  };
}
