import { EpError } from '../../kernel/errors.js';
import { CODE_DETAIL_MAP } from '../assembly/builtin-detail-maps.js';
import type { ContextRecord, ContextRecords, ContextSource } from '../assembly/contracts.js';
import type { CodeContext, CodeSnapshot } from './code-context-contract.js';
import type { CodeGraph } from './code-graph.js';
import { referencesOf } from '../assembly/reference-lists.js';
import { CodeRecord } from './code-record.js';
import { renderCodeNode } from './code-rendering.js';

export const CODE_SOURCE_ID = 'builtin/context-code';

/**
 * The source tree as a warm-tier context source: one record per module and definition (given as a table,
 * see ContextRecordTable), keyed by its qualified node URI, related to the nodes it references (so the tiers'
 * reference graph is the code's), rendered
 * at the `uko-code:` levels from the real text, searched by identifiers and docstrings, and located by file
 * path and line range.
 */
export function codeContextSource(code: CodeContext): ContextSource {
  const nodeOf = (record: ContextRecord) => CodeRecord.nodeOf(record);
  let graph: CodeGraph | undefined;
  let snapshot: CodeSnapshot | undefined;
  let searchTexts: readonly string[] | undefined;
  return {
    id: CODE_SOURCE_ID,
    tier: 'warm',
    detailMap: CODE_DETAIL_MAP,
    ranking: 'graph',
    async load(): Promise<ContextRecords> {
      snapshot = await code.load();
      if (!snapshot) return [];
      const nodes = (graph = snapshot.graph);
      // A table: the tiers make a node's record only when a request reads it, and match a focus against keys.
      return {
        length: nodes.size,
        keyAt: (position) => nodes.keyOf(position),
        recordAt: (position) => new CodeRecord(nodes.node(position)) as unknown as ContextRecord,
      };
    },
    related: (record) => [...referencesOf(graph!.references, nodeOf(record).id)],
    references: () => graph && { refersTo: graph.references, referredBy: graph.referredBy },
    render: (record, depth) => renderCodeNode(nodeOf(record), depth),
    tokenCount: (record, depth) => code.knownTokens(nodeOf(record), depth),
    countedTokens: (record, depth, tokens) => code.rememberTokens(nodeOf(record), depth, tokens),
    async loadSearchTexts() {
      searchTexts ??= await snapshot?.searchTexts();
    },
    searchText: (record) => {
      if (!searchTexts) throw new EpError('CODE_SEARCH_TEXTS', `${CODE_SOURCE_ID}: search texts asked for before loadSearchTexts().`);
      return searchTexts[nodeOf(record).id]!;
    },
    searchIndex: async (format) => snapshot?.searchIndex(format),
    searchIndexDamaged: async (format) => snapshot?.searchIndexDamaged(format),
    locate: (record) => `code:${record.path as string}:${record.lines as string}`,
  };
}
