import type { ContextRecord } from '../assembly/contracts.js';
import type { CodeNode } from './code-graph.js';
import { firstLine } from './doc-text.js';

/**
 * A code node as a context record: its key, kind, file path and line range are fields of its own; its summary
 * (the first line of its doc) is worked out when a hit or fragment shows it, since that decodes the doc from
 * the tree cache, and a warm request shows a few hundred of thousands of nodes. One class rather than object
 * literals with a getter: every record then shares one shape, where a getter per literal gives each its own.
 */
export class CodeRecord {
  readonly key: string;
  readonly kind: string;
  readonly path: string;
  readonly lines: string;
  declare readonly parse_error?: true;
  readonly #node: CodeNode;

  constructor(node: CodeNode) {
    this.key = node.key;
    this.kind = node.kind;
    this.path = node.file.path;
    this.lines = `${node.startLine}-${node.endLine}`;
    if (node.file.parsed.parseError) (this as { parse_error?: true }).parse_error = true;
    this.#node = node;
  }

  get summary(): string {
    return firstLine(this.#node.symbol ? this.#node.symbol.doc : this.#node.file.parsed.doc);
  }

  /** The node a record of this source stands for. */
  static nodeOf(record: ContextRecord): CodeNode {
    return (record as unknown as CodeRecord).#node;
  }
}
