import type { Node, Tree } from '@vscode/tree-sitter-wasm';
import type { CodeLanguage, ParsedFile, SymbolKind } from './code-model.js';
import { jsDocText } from './doc-text.js';
import { lastPart, SymbolCollector } from './symbol-collector.js';
import { walkTree, type Visit } from './tree-walk.js';

const STRUCTURAL = new Set([
  'if_statement',
  'else_clause',
  'for_statement',
  'for_in_statement',
  'while_statement',
  'do_statement',
  'try_statement',
  'catch_clause',
  'finally_clause',
  'switch_statement',
  'switch_case',
  'switch_default',
  'return_statement',
  'throw_statement',
  'decorator',
  'public_field_definition',
  'field_definition',
  'property_signature',
  'method_signature',
  'lexical_declaration',
  'variable_declaration',
  'type_alias_declaration',
  'enum_declaration',
  'export_statement',
]);
const CLASSES = new Set(['class_declaration', 'abstract_class_declaration', 'class']);
const FUNCTIONS = new Set(['function_declaration', 'generator_function_declaration']);
const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);
const DECLARATIONS: Readonly<Record<string, SymbolKind>> = { interface_declaration: 'interface', type_alias_declaration: 'type' };

/**
 * Classes, interfaces, type aliases, functions (declared, or arrow and function expressions bound to a
 * top-level const) and methods of a TypeScript or JavaScript module, with the names each uses, its
 * imports and its outline. A definition's leading `/** ... *\/` comment is its doc and part of its source.
 */
export function extractEcmascript(tree: Tree, text: string, lineCount: number, language: CodeLanguage): ParsedFile {
  const collector = new SymbolCollector(text, language);
  walkTree(tree.walk(), (cursor): Visit => {
    const type = cursor.nodeType;
    switch (type) {
      case 'identifier':
      case 'type_identifier':
      case 'shorthand_property_identifier':
        collector.useName(cursor.nodeText);
        return 'skip';
      case 'property_identifier':
        if (cursor.currentFieldName === 'property') collector.useAttribute(cursor.nodeText);
        return 'skip';
      case 'import_statement':
        addImport(collector, cursor.currentNode);
        collector.markRows(cursor.startPosition.row);
        return 'skip';
      case 'comment':
      case 'string':
        return 'skip';
      case 'method_definition':
        return collector.innermost()?.kind === 'class' ? openDefinition(collector, cursor.currentNode, 'method') : undefined;
      case 'variable_declarator':
        return openBoundFunction(collector, cursor.currentNode);
      case 'call_expression':
        addRequire(collector, cursor.currentNode);
        return undefined;
      default:
        if (STRUCTURAL.has(type)) collector.markRows(cursor.startPosition.row);
        if (type === 'export_statement') addReexport(collector, cursor.currentNode);
        if (collector.innermost()) return undefined;
        if (CLASSES.has(type)) return openDefinition(collector, cursor.currentNode, 'class');
        if (FUNCTIONS.has(type)) return openDefinition(collector, cursor.currentNode, 'function');
        if (DECLARATIONS[type]) return openDefinition(collector, cursor.currentNode, DECLARATIONS[type]);
        return undefined;
    }
  });
  return collector.finish(moduleDoc(tree.rootNode), lineCount, false);
}

function openDefinition(
  collector: SymbolCollector,
  node: Node,
  kind: SymbolKind,
  nameNode = node.childForFieldName('name'),
  owner = node,
): Visit {
  if (!nameNode) return undefined;
  const enclosing = collector.innermost();
  const name = kind === 'method' ? `${lastPart(enclosing!.name)}.${nameNode.text}` : nameNode.text;
  const body = kind === 'interface' || kind === 'type' ? undefined : node.childForFieldName('body');
  const { startRow, doc } = leadingDoc(owner);
  return collector.open({
    kind,
    name,
    node: owner,
    startRow,
    signatureRow: owner.startPosition.row,
    headerEnd: body?.startIndex ?? owner.endIndex,
    doc,
  });
}

/** `const login = async (user) => {...}` at the top level is a function named `login`. */
function openBoundFunction(collector: SymbolCollector, declarator: Node): Visit {
  if (collector.innermost()) return undefined;
  const value = declarator.childForFieldName('value');
  if (!value || !FUNCTION_VALUES.has(value.type)) return undefined;
  const declaration = declarator.parent;
  if (!declaration || (declaration.parent?.type !== 'program' && declaration.parent?.type !== 'export_statement')) return undefined;
  const body = value.childForFieldName('body');
  const nameNode = declarator.childForFieldName('name');
  if (!nameNode || nameNode.type !== 'identifier') return undefined;
  const owner = declaration.parent.type === 'export_statement' ? declaration.parent : declaration;
  const { startRow, doc } = leadingDoc(owner);
  return collector.open({
    kind: 'function',
    name: nameNode.text,
    node: owner,
    startRow,
    signatureRow: owner.startPosition.row,
    headerEnd: body?.startIndex ?? owner.endIndex,
    doc,
  });
}

/** The doc comment right above a definition (or above the `export` that holds it), and where it starts. */
function leadingDoc(node: Node): { startRow: number; doc: string } {
  const holder = node.parent?.type === 'export_statement' ? node.parent : node;
  const comment = holder.previousNamedSibling;
  if (comment?.type === 'comment' && comment.text.startsWith('/**') && comment.endPosition.row >= holder.startPosition.row - 1) {
    return { startRow: comment.startPosition.row, doc: jsDocText(comment.text) };
  }
  return { startRow: holder.startPosition.row, doc: '' };
}

/** A file's first comment, when it is a doc comment not attached to the first definition. */
function moduleDoc(root: Node): string {
  const first = root.firstNamedChild;
  const second = first?.nextNamedSibling;
  if (first?.type !== 'comment' || !first.text.startsWith('/**')) return '';
  if (second && second.startPosition.row <= first.endPosition.row + 1 && second.type !== 'import_statement') return '';
  return jsDocText(first.text);
}

function specifierOf(node: Node): string | undefined {
  const source = node.childForFieldName('source');
  return source ? source.text.slice(1, -1) : undefined;
}

function addImport(collector: SymbolCollector, node: Node): void {
  const module = specifierOf(node);
  if (module === undefined) return;
  const names: string[] = [];
  for (const identifier of node.descendantsOfType(['identifier', 'type_identifier'])) if (identifier) names.push(identifier.text);
  for (const name of names) collector.useName(name);
  collector.imports.push({ module, names, level: 0 });
}

function addReexport(collector: SymbolCollector, node: Node): void {
  const module = specifierOf(node);
  if (module !== undefined) collector.imports.push({ module, names: [], level: 0 });
}

/**
 * CommonJS: `require('./store')` with one string argument is an import of that module; the names it binds
 * (`const { save, load } = require(...)`) are the names imported from it. A computed `require(name)` is not.
 */
function addRequire(collector: SymbolCollector, call: Node): void {
  const callee = call.childForFieldName('function');
  if (callee?.type !== 'identifier' || callee.text !== 'require') return;
  const args = call.childForFieldName('arguments');
  const specifier = args?.namedChildCount === 1 ? args.namedChild(0) : null;
  if (specifier?.type !== 'string') return;
  const names: string[] = [];
  const binding = call.parent?.type === 'variable_declarator' ? call.parent.childForFieldName('name') : null;
  if (binding?.type === 'object_pattern') {
    for (const part of binding.namedChildren) {
      if (part?.type === 'shorthand_property_identifier_pattern') names.push(part.text);
      else if (part?.type === 'pair_pattern') {
        const key = part.childForFieldName('key');
        if (key) names.push(key.text);
      }
    }
  }
  collector.imports.push({ module: specifier.text.slice(1, -1), names, level: 0 });
}
