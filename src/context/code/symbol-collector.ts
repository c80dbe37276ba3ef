import type { Node } from '@vscode/tree-sitter-wasm';
import type { CodeImport, CodeLanguage, CodeSymbol, ParsedFile, SymbolKind } from './code-model.js';

interface OpenSymbol {
  kind: SymbolKind;
  name: string;
  startLine: number;
  endLine: number;
  signature: string;
  doc: string;
  members: number[];
  names: Set<string>;
  attributes: Set<string>;
}

export interface DefinitionInit {
  readonly kind: SymbolKind;
  readonly name: string;
  /** The definition's node; its end is the symbol's end. */
  readonly node: Node;
  /** The first row (0-based) the definition owns: its decorators or leading doc comment. */
  readonly startRow: number;
  /** The row the signature starts on, when a leading doc comment comes before it (default `startRow`). */
  readonly signatureRow?: number;
  /** Where the header ends: the body's start (the signature stops there), or the node's end. */
  readonly headerEnd: number;
  readonly doc: string;
}

/**
 * Gathers one file's definitions while a language's extractor walks its tree: the stack of open
 * definitions receives the names used inside them, structural lines feed the outline.
 */
export class SymbolCollector {
  readonly symbols: OpenSymbol[] = [];
  readonly imports: CodeImport[] = [];
  readonly outline = new Set<number>();
  readonly topNames = new Set<string>();
  private readonly stack: number[] = [];
  /** Index of each line's first character. */
  private readonly lineStarts: number[] = [0];

  constructor(
    private readonly text: string,
    private readonly language: CodeLanguage,
  ) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  /** The innermost open definition's kind, if any. */
  innermost(): OpenSymbol | undefined {
    const id = this.stack[this.stack.length - 1];
    return id === undefined ? undefined : this.symbols[id];
  }

  /** Opens a definition; the returned callback closes it when the walk leaves its node. */
  open(init: DefinitionInit): () => void {
    const from = this.lineStarts[init.signatureRow ?? init.startRow] ?? 0;
    const indent = /^[ \t]*/.exec(this.text.slice(from, from + 200))![0].length;
    const signature = dedent(this.text.slice(from, init.headerEnd).trimEnd(), indent);
    const id = this.symbols.length;
    const parent = this.innermost();
    if (parent && init.kind === 'method') parent.members.push(id);
    this.symbols.push({
      kind: init.kind,
      name: init.name,
      startLine: init.startRow + 1,
      endLine: endLineOf(init.node),
      signature,
      doc: init.doc,
      members: [],
      names: new Set(),
      attributes: new Set(),
    });
    // The row holding the header's last visible character (the body starts after it).
    let end = init.headerEnd;
    while (end > from && /\s/.test(this.text[end - 1]!)) end -= 1;
    const headerEndRow = Math.max(init.startRow, this.rowAt(Math.max(0, end - 1)));
    for (let row = init.startRow; row <= headerEndRow; row += 1) this.outline.add(row + 1);
    this.stack.push(id);
    return () => {
      this.stack.pop();
    };
  }

  useName(name: string): void {
    if (this.stack.length === 0) this.topNames.add(name);
    else for (const id of this.stack) this.symbols[id]!.names.add(name);
  }

  useAttribute(name: string): void {
    for (const id of this.stack) this.symbols[id]!.attributes.add(name);
  }

  markRows(startRow: number, endRow = startRow): void {
    for (let row = startRow; row <= endRow; row += 1) this.outline.add(row + 1);
  }

  finish(doc: string, lineCount: number, parseError: boolean): ParsedFile {
    const symbols: CodeSymbol[] = this.symbols.map((symbol) => {
      // A definition naming itself (recursion, its own header) is no reference.
      symbol.names.delete(lastPart(symbol.name));
      return {
        kind: symbol.kind,
        name: symbol.name,
        startLine: symbol.startLine,
        endLine: symbol.endLine,
        signature: symbol.signature,
        doc: symbol.doc,
        members: symbol.members,
        names: [...symbol.names],
        attributes: [...symbol.attributes],
      };
    });
    return {
      language: this.language,
      lineCount,
      doc,
      symbols,
      imports: this.imports,
      names: [...this.topNames],
      outline: [...this.outline].sort((a, b) => a - b),
      parseError,
    };
  }

  private rowAt(index: number): number {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle]! <= index) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

/** A file that did not parse: a module with its doc only; its text is still served in full. */
export function moduleOnly(language: CodeLanguage, lineCount: number): ParsedFile {
  return { language, lineCount, doc: '', symbols: [], imports: [], names: [], outline: [], parseError: true };
}

export function lastPart(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

/** The last line a node covers (a node ending at column 0 stops on the line before). */
function endLineOf(node: Node): number {
  const end = node.endPosition;
  return end.column === 0 && end.row > node.startPosition.row ? end.row : end.row + 1;
}

function dedent(text: string, indent: number): string {
  if (indent === 0) return text;
  return text
    .split('\n')
    .map((line) => (/^[ \t]*$/.test(line.slice(0, indent)) ? line.slice(indent) : line.trimStart()))
    .join('\n');
}
