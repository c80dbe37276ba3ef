import { CODE_DETAIL_MAP } from '../assembly/builtin-detail-maps.js';
import type { ContextRecord, ContextSource } from '../assembly/contracts.js';
import type { CodeContext } from './code-context-contract.js';
import type { CodeNode } from './code-graph.js';
import { renderCodeNode } from './code-rendering.js';
import { firstLine } from './doc-text.js';
import { identifierWords } from './module-names.js';

export const CODE_SOURCE_ID = 'builtin/context-code';

/**
 * The source tree as a warm-tier context source: one record per module and definition, keyed by its
 * qualified node URI, with the keys it references (so the tiers' reference graph is the code's), rendered
 * at the `uko-code:` levels from the real text, searched by identifiers and docstrings, and located by file
 * path and line range.
 */
export function codeContextSource(code: CodeContext): ContextSource {
  const nodes = new WeakMap<ContextRecord, CodeNode>();
  const nodeOf = (record: ContextRecord) => nodes.get(record)!;
  return {
    id: CODE_SOURCE_ID,
    tier: 'warm',
    detailMap: CODE_DETAIL_MAP,
    ranking: 'graph',
    async load() {
      const snapshot = await code.load();
      if (!snapshot) return [];
      const { graph } = snapshot;
      return graph.nodes.map((node) => {
        const record: ContextRecord = {
          key: node.key,
          kind: node.kind,
          path: node.file.path,
          lines: `${node.startLine}-${node.endLine}`,
          summary: firstLine(node.symbol ? node.symbol.doc : node.file.parsed.doc),
          references: graph.references[node.id]!.map((id) => graph.nodes[id]!.key),
          ...(node.file.parsed.parseError ? { parse_error: true } : {}),
        };
        nodes.set(record, node);
        return record;
      });
    },
    render: (record, depth) => renderCodeNode(nodeOf(record), depth),
    tokenCount: (record, depth) => code.knownTokens(nodeOf(record), depth),
    countedTokens: (record, depth, tokens) => code.rememberTokens(nodeOf(record), depth, tokens),
    searchText: (record) => searchText(nodeOf(record)),
    locate: (record) => `code:${record.path as string}:${record.lines as string}`,
  };
}

/** Its own name (twice, and split into words), its module, its docstring and the names it uses. */
function searchText(node: CodeNode): string {
  const name = node.symbol ? node.symbol.name : node.moduleName;
  const used = node.symbol ? node.symbol.names : node.file.parsed.symbols.map((symbol) => symbol.name);
  return [
    name,
    name,
    identifierWords(name),
    node.moduleName,
    node.symbol?.doc ?? node.file.parsed.doc,
    used.map(identifierWords).join(' '),
  ].join(' ');
}
