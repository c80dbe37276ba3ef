import type { ContextRecord, ContextSourceContract } from '../crp/contracts.js';
import { isEpError } from '../kernel/errors.js';
import type { ContextRecordsService } from './context-records-service.js';

export const ACTIVE_CONTEXT_SOURCE_ID = 'builtin/context-records:active';

/**
 * Feeds the warm tier with the records of the active `.ep` packages (first package wins per key), so
 * `builtin/request-context` assembles from them. No active context configured: nothing to contribute.
 */
export function activeContextSource(service: () => ContextRecordsService): ContextSourceContract {
  return {
    id: ACTIVE_CONTEXT_SOURCE_ID,
    tier: 'warm',
    async load() {
      try {
        const { corpus } = await service().corpus();
        return corpus.records.filter((record): record is ContextRecord => typeof record.key === 'string' && record.key !== '');
      } catch (error) {
        if (isEpError(error) && error.code === 'CONTEXT_NOT_CONFIGURED') return [];
        throw error;
      }
    },
  };
}
