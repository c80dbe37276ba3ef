import type { ContextRecord, ContextSource } from '../assembly/contracts.js';
import { isEpError } from '../../kernel/errors.js';
import type { ContextRecordsService } from './context-records-service.js';

export const ACTIVE_CONTEXT_SOURCE_ID = 'builtin/context-records:active';

/**
 * Feeds the warm tier with the records of the active `.ep` packages, so `builtin/request-context` assembles
 * from them. A fragment stands for one key, so a key several packages hold contributes the record `get`
 * returns: the first package's. No active context configured: nothing to contribute.
 */
export function activeContextSource(service: () => ContextRecordsService): ContextSource {
  return {
    id: ACTIVE_CONTEXT_SOURCE_ID,
    tier: 'warm',
    async load() {
      try {
        const { corpus } = await service().corpus();
        return corpus.resolved().filter((record): record is ContextRecord => typeof record.key === 'string' && record.key !== '');
      } catch (error) {
        if (isEpError(error) && error.code === 'CONTEXT_NOT_CONFIGURED') return [];
        throw error;
      }
    },
  };
}
