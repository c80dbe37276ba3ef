import type { CodeNode } from './code-graph.js';
import { identifierWords } from './module-names.js';

/** What a node is searched by: its own name (twice, and split into words), its module, its docstring and the names it uses. */
export function codeSearchText(node: CodeNode): string {
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
