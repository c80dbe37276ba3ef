import { CODE_DETAIL_MAP } from '../assembly/builtin-detail-maps.js';
import type { ContextRecord, ContextSource } from '../assembly/contracts.js';
import type { CodeContext } from './code-context-contract.js';
import type { CodeGraph, CodeNode } from './code-graph.js';
import { renderCodeNode } from './code-rendering.js';
import { firstLine } from './doc-text.js';

export const CODE_SOURCE_ID = 'builtin/context-code';

/**
 * The source tree as a warm-tier context source: one record per module and definition, keyed by its
 * qualified node URI, related to the nodes it references (so the tiers' reference graph is the code's), rendered
 * at the `uko-code:` levels from the real text, searched by identifiers and docstrings, and located by file
 * path and line range.
 */
export function codeContextSource(code: CodeContext): ContextSource {
  const nodes = new WeakMap<ContextRecord, CodeNode>();
  const nodeOf = (record: ContextRecord) => nodes.get(record)!;
  let graph: CodeGraph | undefined;
  let searchTexts: readonly string[] | undefined;
  return {
    id: CODE_SOURCE_ID,
    tier: 'warm',
    detailMap: CODE_DETAIL_MAP,
    ranking: 'graph',
    async load() {
      const snapshot = await code.load();
      if (!snapshot) return [];
      ({ graph, searchTexts } = snapshot);
      return graph.nodes.map((node) => {
        const record: ContextRecord = {
          key: node.key,
          kind: node.kind,
          path: node.file.path,
          lines: `${node.startLine}-${node.endLine}`,
          summary: firstLine(node.symbol ? node.symbol.doc : node.file.parsed.doc),
          ...(node.file.parsed.parseError ? { parse_error: true } : {}),
        };
        nodes.set(record, node);
        return record;
      });
    },
    related: (record) => graph!.references[nodeOf(record).id]!,
    render: (record, depth) => renderCodeNode(nodeOf(record), depth),
    tokenCount: (record, depth) => code.knownTokens(nodeOf(record), depth),
    countedTokens: (record, depth, tokens) => code.rememberTokens(nodeOf(record), depth, tokens),
    searchText: (record) => searchTexts![nodeOf(record).id]!,
    locate: (record) => `code:${record.path as string}:${record.lines as string}`,
  };
}
