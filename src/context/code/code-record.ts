import type { ContextRecord } from '../assembly/contracts.js';
import type { CodeNode } from './code-graph.js';
import { firstLine } from './doc-text.js';

/**
 * A code node as a context record: its key, kind and file path are fields of its own; its line range and
 * summary (the first line of its doc) are worked out when a hit or fragment shows them, since a warm request
 * makes a record for each of thousands of nodes and shows a few hundred (the summary decodes the doc from the
 * tree cache). One class rather than object literals with getters: every record then shares one shape, where
 * getters per literal give each its own.
 */
export class CodeRecord {
  readonly key: string;
  readonly kind: string;
  readonly path: string;
  declare readonly parse_error?: true;
  readonly #node: CodeNode;

  constructor(node: CodeNode) {
    this.key = node.key;
    this.kind = node.kind;
    this.path = node.file.path;
    if (node.file.parsed.parseError) (this as { parse_error?: true }).parse_error = true;
    this.#node = node;
  }

  /** `start-end`, 1-based and inclusive. */
  get lines(): string {
    return `${this.#node.startLine}-${this.#node.endLine}`;
  }

  get summary(): string {
    return firstLine(this.#node.symbol ? this.#node.symbol.doc : this.#node.file.parsed.doc);
  }

  /** The node a record of this source stands for. */
  static nodeOf(record: ContextRecord): CodeNode {
    return (record as unknown as CodeRecord).#node;
  }
}
