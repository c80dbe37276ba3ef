import type { SourceFile, SymbolOutline } from './code-model.js';
import type { CodeNode } from './code-graph.js';
import { firstLine } from './doc-text.js';

/** The `uko-code:` levels, by the depth each starts at. */
const FULL_SOURCE = 9;
const STRUCTURAL_OUTLINE = 6;
const SIGNATURES = 4;
const MEMBER_LISTING = 2;
const GAP = '⋮';

const lineCache = new WeakMap<SourceFile, string[]>();

/**
 * A code node at a depth of the `uko-code:` map, from the file's real text. A depth between two named
 * levels renders the shallower one. MODULE_LISTING: the names a module defines (a definition: its header
 * line); MEMBER_LISTING: with each class's members; SIGNATURES: decorators, headers and each first
 * docstring line, no bodies; STRUCTURAL_OUTLINE: the lines carrying structure, gaps marked `⋮`;
 * FULL_SOURCE: the exact text.
 */
export function renderCodeNode(node: CodeNode, depth: number): string {
  if (depth >= FULL_SOURCE) return sourceLines(node.file, node.startLine, node.endLine).join('\n');
  if (node.file.parsed.parseError) return `${node.file.path}: not parsed (syntax error); FULL_SOURCE has its text`;
  if (depth >= STRUCTURAL_OUTLINE) return outline(node);
  const symbol = node.symbol;
  if (!symbol) return renderModule(node.file, depth);
  if (depth >= SIGNATURES) return signatureBlock(node.file, symbol, '').join('\n');
  if (depth >= MEMBER_LISTING && symbol.members.length > 0) {
    return [headerLine(symbol), ...memberNames(node.file, symbol).map((name) => `  ${name}`)].join('\n');
  }
  return headerLine(symbol);
}

function renderModule(file: SourceFile, depth: number): string {
  const { symbols } = file.parsed;
  const topLevel = symbols.filter((symbol) => symbol.kind !== 'method');
  if (depth >= SIGNATURES) {
    const lines = [`# ${file.path}`];
    if (file.parsed.doc) lines.push(`# ${firstLine(file.parsed.doc)}`);
    for (const symbol of topLevel) lines.push(...signatureBlock(file, symbol, ''));
    return lines.join('\n');
  }
  if (depth >= MEMBER_LISTING) {
    const lines = [file.path];
    for (const symbol of topLevel) {
      const members = memberNames(file, symbol);
      lines.push(`  ${symbol.kind} ${symbol.name}${members.length > 0 ? `: ${members.join(', ')}` : ''}`);
    }
    return lines.join('\n');
  }
  return `${file.path}: ${topLevel.map((symbol) => symbol.name).join(', ') || '(no definitions)'}`;
}

/** Signature with decorators, first doc line, then the members' own blocks, indented. */
function signatureBlock(file: SourceFile, symbol: SymbolOutline, indent: string): string[] {
  const python = file.parsed.language === 'python';
  const lines: string[] = [];
  const doc = firstLine(symbol.doc);
  if (!python && doc) lines.push(`${indent}/** ${doc} */`);
  for (const line of symbol.signature.split('\n')) lines.push(`${indent}${line}`);
  if (python && doc) lines.push(`${indent}    """${doc}"""`);
  for (const member of symbol.members) lines.push(...signatureBlock(file, file.parsed.symbols[member]!, `${indent}    `));
  return lines;
}

/** The header alone, on one line, without decorators: `class AuthManager(BaseAuth):`. */
export function headerLine(symbol: SymbolOutline): string {
  const lines = symbol.signature.split('\n');
  const start = lines.findIndex((line) => !line.trimStart().startsWith('@'));
  return lines
    .slice(start < 0 ? 0 : start)
    .map((line) => line.trim())
    .join(' ');
}

/** The short names of the methods a class defines, in order. */
function memberNames(file: SourceFile, symbol: SymbolOutline): string[] {
  return Array.from(symbol.members, (member) => shortName(file.parsed.symbols[member]!));
}

function shortName(symbol: SymbolOutline): string {
  return symbol.name.slice(symbol.name.lastIndexOf('.') + 1);
}

/** The outline lines within the node's range, with `⋮` where lines were left out. */
function outline(node: CodeNode): string {
  const lines = sourceLines(node.file, 1, node.file.parsed.lineCount);
  const kept: string[] = [];
  let previous = node.startLine - 1;
  for (const line of node.file.parsed.outline) {
    if (line < node.startLine || line > node.endLine) continue;
    if (line > previous + 1) kept.push(GAP);
    kept.push(lines[line - 1] ?? '');
    previous = line;
  }
  if (previous < node.endLine) kept.push(GAP);
  return kept.join('\n');
}

function sourceLines(file: SourceFile, start: number, end: number): string[] {
  let lines = lineCache.get(file);
  if (!lines) {
    lines = file.text.split('\n');
    lineCache.set(file, lines);
  }
  return lines.slice(start - 1, end);
}
