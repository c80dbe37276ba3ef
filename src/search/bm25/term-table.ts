import { TERM_SCAN_WASM } from './wasm/term-scan-bytes.js';

/** What term-scan.wat exports (see there for the memory layout). */
interface TermScan {
  readonly memory: WebAssembly.Memory;
  alloc(bytes: number): number;
  init(terms: number, poolUnits: number): void;
  count(): number;
  starts(): number;
  pool(): number;
  scan(text: number, length: number, out: number): number;
  intern16(at: number, length: number): number;
  sortTerms(): number;
}

let compiled: WebAssembly.Module | undefined;
const SPACE = 32;

/**
 * Terms interned to ids 0, 1, 2 … in the order first seen. An ASCII text is tokenized and interned in one
 * pass of WebAssembly over its bytes (term-scan.wat): no lower-cased copy, no string per token, and code that
 * runs at full speed the first time, where a first read builds its index; a string exists per distinct term
 * only, and only when `terms()` asks. Other texts are tokenized in JavaScript (`scanTokens`, since lower-
 * casing them can depend on the whole text) and their tokens interned through the same table.
 */
export class TermTable {
  private readonly wasm: TermScan;
  private memory: Buffer;
  /** Where texts' bytes (or a term's UTF-16 units) are put for the module, how many fit, how many are there. */
  private input = 0;
  private inputBytes = 0;
  private pending = 0;
  /** Where the module writes term ids, and how many fit. */
  private out = 0;
  private outIds = 0;

  constructor() {
    compiled ??= new WebAssembly.Module(Buffer.from(TERM_SCAN_WASM, 'base64'));
    this.wasm = new WebAssembly.Instance(compiled, {}).exports as unknown as TermScan;
    this.wasm.init(1 << 10, 1 << 14);
    this.memory = Buffer.from(this.wasm.memory.buffer);
  }

  get size(): number {
    return this.wasm.count();
  }

  /**
   * Queues an ASCII `text` to be tokenized (like `scanTokens`) by the next `scanQueued`, after the texts
   * queued before it (a text's end is a token's end); false, queuing nothing, when it holds any other code.
   */
  queueAscii(text: string): boolean {
    const length = text.length;
    // UTF-8 takes at most 3 bytes per UTF-16 unit, so the whole text fits and is ASCII exactly when it
    // takes one byte per unit.
    this.reserveInput(this.pending + length * 3 + 1);
    const at = this.input + this.pending;
    if (this.view().write(text, at, length * 3, 'utf8') !== length) return false;
    this.memory[at + length] = SPACE;
    this.pending += length + 1;
    return true;
  }

  /** The term ids of the queued texts' tokens (valid until the table is next used); empties the queue. */
  scanQueued(): Uint32Array {
    const ids = (this.pending + 1) >> 1;
    if (ids > this.outIds) {
      this.outIds = Math.max(ids, this.outIds * 2, 2048);
      this.out = this.wasm.alloc(this.outIds * 4);
    }
    const count = this.pending === 0 ? 0 : this.wasm.scan(this.input, this.pending, this.out);
    this.pending = 0;
    return new Uint32Array(this.wasm.memory.buffer, this.out, count);
  }

  /** The id of `term` (already lower-cased, as `scanTokens` gives it), interning it when new. */
  intern(term: string): number {
    if (this.pending !== 0) throw new Error('TermTable.intern: queued texts are not scanned yet');
    this.reserveInput(term.length * 2);
    this.view().write(term, this.input, term.length * 2, 'utf16le');
    return this.wasm.intern16(this.input, term.length);
  }

  /** Every term as a string, by id. */
  terms(): string[] {
    const count = this.wasm.count();
    const buffer = this.wasm.memory.buffer;
    const starts = new Uint32Array(buffer, this.wasm.starts(), count + 1);
    const all = Buffer.from(buffer, this.wasm.pool(), starts[count]! * 2).toString('utf16le');
    const terms = new Array<string>(count);
    for (let t = 0; t < count; t += 1) terms[t] = all.slice(starts[t], starts[t + 1]);
    return terms;
  }

  /** Every term id, in the order of the terms' strings (JavaScript's `<`, by UTF-16 code units). */
  sortedIds(): Uint32Array {
    const at = this.wasm.sortTerms();
    return new Uint32Array(this.wasm.memory.buffer, at, this.wasm.count()).slice();
  }

  /** Room for `bytes` of input, keeping the queued texts. */
  private reserveInput(bytes: number): void {
    if (bytes <= this.inputBytes) return;
    this.inputBytes = Math.max(bytes, this.inputBytes * 2, 1 << 16);
    const input = this.wasm.alloc(this.inputBytes);
    this.view().copy(this.memory, input, this.input, this.input + this.pending);
    this.input = input;
  }

  /** The module's memory (a growing memory replaces its buffer). */
  private view(): Buffer {
    if (this.memory.buffer !== this.wasm.memory.buffer) this.memory = Buffer.from(this.wasm.memory.buffer);
    return this.memory;
  }
}
