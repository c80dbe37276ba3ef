import type { Node, Tree } from '@vscode/tree-sitter-wasm';
import type { ParsedFile } from './code-model.js';
import { pythonDocstring } from './doc-text.js';
import { lastPart, SymbolCollector } from './symbol-collector.js';
import { walkTree, type Visit } from './tree-walk.js';

/** Statements whose first line belongs to a structural outline. */
const STRUCTURAL = new Set([
  'if_statement',
  'elif_clause',
  'else_clause',
  'for_statement',
  'while_statement',
  'try_statement',
  'except_clause',
  'finally_clause',
  'with_statement',
  'match_statement',
  'case_clause',
  'return_statement',
  'raise_statement',
  'decorator',
]);

/**
 * Classes, functions and methods of a Python module, with the names each one uses, its imports and its
 * outline. Functions nested in functions stay part of the function that holds them.
 */
export function extractPython(tree: Tree, text: string, lineCount: number): ParsedFile {
  const collector = new SymbolCollector(text, 'python');
  const root = tree.rootNode;
  markBodyStatements(collector, root);
  walkTree(tree.walk(), (cursor): Visit => {
    switch (cursor.nodeType) {
      case 'identifier':
        if (cursor.currentFieldName === 'attribute') collector.useAttribute(cursor.nodeText);
        else collector.useName(cursor.nodeText);
        return 'skip';
      case 'class_definition':
      case 'function_definition':
        return openDefinition(collector, cursor.currentNode);
      case 'import_statement':
      case 'import_from_statement':
        addImport(collector, cursor.currentNode);
        collector.markRows(cursor.startPosition.row);
        return 'skip';
      case 'string':
      case 'comment':
        return 'skip';
      default:
        if (STRUCTURAL.has(cursor.nodeType)) collector.markRows(cursor.startPosition.row);
        return undefined;
    }
  });
  return collector.finish(docOf(root), lineCount, false);
}

function openDefinition(collector: SymbolCollector, node: Node): Visit {
  const enclosing = collector.innermost();
  // A definition inside a function body is an implementation detail of that function.
  if (enclosing && enclosing.kind !== 'class') return undefined;
  const name = node.childForFieldName('name')?.text;
  const body = node.childForFieldName('body');
  if (!name || !body) return undefined;
  const decorated = node.parent?.type === 'decorated_definition' ? node.parent : node;
  const isClass = node.type === 'class_definition';
  const kind = isClass ? 'class' : enclosing ? 'method' : 'function';
  const close = collector.open({
    kind,
    name: kind === 'method' ? `${lastPart(enclosing!.name)}.${name}` : name,
    node,
    startRow: decorated.startPosition.row,
    headerEnd: body.startIndex,
    doc: docOf(body),
  });
  const docNode = docstringNode(body);
  if (docNode) collector.markRows(docNode.startPosition.row, docNode.endPosition.row);
  if (isClass) markBodyStatements(collector, body);
  return close;
}

/** Module- and class-level assignments and expressions: constants and attributes belong to the outline. */
function markBodyStatements(collector: SymbolCollector, body: Node): void {
  for (const statement of body.namedChildren) {
    if (statement?.type === 'expression_statement') collector.markRows(statement.startPosition.row);
  }
}

function docstringNode(body: Node): Node | undefined {
  const first = body.firstNamedChild;
  if (first?.type !== 'expression_statement') return undefined;
  const literal = first.firstNamedChild;
  return literal?.type === 'string' ? literal : undefined;
}

function docOf(body: Node): string {
  const literal = docstringNode(body);
  return literal ? pythonDocstring(literal.text) : '';
}

function addImport(collector: SymbolCollector, node: Node): void {
  if (node.type === 'import_statement') {
    for (const child of node.namedChildren) {
      const dotted = child?.type === 'aliased_import' ? child.childForFieldName('name') : child;
      if (dotted?.type === 'dotted_name') collector.imports.push({ module: dotted.text, names: [], level: 0 });
    }
    return;
  }
  const moduleNode = node.childForFieldName('module_name');
  let module = moduleNode?.text ?? '';
  let level = 0;
  if (moduleNode?.type === 'relative_import') {
    level = /^\.*/.exec(module)![0].length;
    module = module.slice(level);
  }
  const names: string[] = [];
  for (const child of node.childrenForFieldName('name')) {
    const imported = child?.type === 'aliased_import' ? child.childForFieldName('name') : child;
    if (imported) names.push(lastPart(imported.text));
  }
  for (const name of names) collector.useName(name);
  collector.imports.push({ module, names, level });
}
