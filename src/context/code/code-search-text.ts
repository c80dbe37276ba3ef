import type { ParsedFile } from './code-model.js';
import type { CodeNode } from './code-graph.js';
import { identifierWords } from './module-names.js';

/**
 * What a node is searched by: its own name (twice, and split into words), its module, its docstring and the
 * names it uses (from `parsed`, its file's full parse).
 */
export function codeSearchText(node: CodeNode, parsed: ParsedFile): string {
  const name = node.symbol ? node.symbol.name : node.moduleName;
  const used = node.symbol ? parsed.symbols[node.id - node.moduleId - 1]!.names : parsed.symbols.map((symbol) => symbol.name);
  return [
    name,
    name,
    identifierWords(name),
    node.moduleName,
    node.symbol?.doc ?? node.file.parsed.doc,
    used.map(identifierWords).join(' '),
  ].join(' ');
}
