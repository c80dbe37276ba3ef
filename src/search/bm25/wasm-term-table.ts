import { scanTokens } from '../tokenize.js';
import type { PostingsRoom, SortedPostings, TermTable } from './term-table.js';
import { termScanModule } from './wasm/term-scan-module.js';

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
  postings(tokens: number, spans: number, fields: number, docs: number, order: number, before: number, after: number): number;
  termText(order: number, count: number, ends: number, out: number): number;
  scanTexts(text: number, ends: number, count: number, out: number, base: number): number;
  gather(tokens: number, spans: number, docs: number, fields: number, out: number, docEnds: number): void;
}

/** Where a field's tokens lie: from token `start`, document d's ending at the u32 at `endsAt + 4 * d`. */
interface FieldSpans {
  readonly start: number;
  readonly endsAt: number;
}

const SPACE = 32;
/** Terms the table has room for when made (more are made room for as needed). */
const INITIAL_TERMS = 1 << 10;
/** UTF-16 units of term text the pool has room for per term of room (it grows when outgrown). */
const POOL_UNITS_PER_TERM = 16;

/**
 * The term table in WebAssembly (see TermTable for the contract). An ASCII text is tokenized and interned in
 * one pass of WebAssembly over its bytes (term-scan.wat): no lower-cased copy, no string per token, and code
 * that runs at full speed the first time, where a first read builds its index; a string exists per distinct
 * term only, and only when `terms()` asks. Other texts are tokenized in JavaScript (`scanTokens`, since
 * lower-casing them can depend on the whole text) and their tokens interned through the same table.
 */
export class WasmTermTable implements TermTable {
  private readonly wasm: TermScan;
  private memory: Buffer;
  /** Where texts' bytes (or a term's UTF-16 units) are put for the module, how many fit, how many are there. */
  private input = 0;
  private inputBytes = 0;
  private pending = 0;
  /** The term ids of every token so far, in the module's memory: where, how many fit, how many there are. */
  private tokensAt = 0;
  private tokenRoom = 0;
  private tokenCount = 0;
  /** The fields `scanColumn` scanned, in order, and how many documents each has. */
  private readonly columns: FieldSpans[] = [];
  private columnDocs = 0;

  constructor() {
    this.wasm = new WebAssembly.Instance(termScanModule(), {}).exports as unknown as TermScan;
    this.wasm.init(INITIAL_TERMS, INITIAL_TERMS * POOL_UNITS_PER_TERM);
    this.memory = Buffer.from(this.wasm.memory.buffer);
  }

  /** How many tokens have been scanned or appended. */
  get tokens(): number {
    return this.tokenCount;
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

  /** Scans the queued texts, appending their tokens' term ids; empties the queue. */
  scanQueued(): void {
    if (this.pending === 0) return;
    this.reserveTokens((this.pending + 1) >> 1);
    this.tokenCount += this.wasm.scan(this.input, this.pending, this.tokensAt + this.tokenCount * 4);
    this.pending = 0;
  }

  /** Appends the term id of `term` (already lower-cased, as `scanTokens` gives it), interning it when new. */
  append(term: string): void {
    this.scanQueued();
    this.reserveInput(term.length * 2);
    this.reserveTokens(1);
    this.view().write(term, this.input, term.length * 2, 'utf16le');
    const id = this.wasm.intern16(this.input, term.length);
    this.view().writeUInt32LE(id, this.tokensAt + this.tokenCount * 4);
    this.tokenCount += 1;
  }

  /**
   * Room for a run of `scanColumn` calls over texts of `maxLength` units at most per column and `totalLength`
   * and `texts` in all, of `documents` documents: taken at once, so no region is outgrown and copied midway.
   * The term table too, when nothing is in it yet: each record usually brings a term of its own (its key), and
   * a table grown from its first size to 70,000 terms had touched twice the memory it ended with.
   */
  reserveColumns(maxLength: number, totalLength: number, texts: number, documents: number): void {
    this.reserveInput(maxLength * 3);
    this.reserveTokens((totalLength + texts) >> 1);
    if (this.wasm.count() === 0 && documents >= INITIAL_TERMS) {
      // A power of two (the slots are found by masking), with room for one more term than documents.
      const terms = 2 ** Math.ceil(Math.log2(documents + 2));
      this.wasm.init(terms, terms * POOL_UNITS_PER_TERM);
    }
  }

  /**
   * Scans the texts of one field of every document (`texts[d]`, ending at `ends[d]` UTF-16 units from the first
   * one's start; `bytes`, when given, their UTF-8 back to back), appending their tokens as the next field of the
   * documents (see `sortedPostings` and `columnDocuments`). An ASCII column is put in the module at once and
   * scanned in one call.
   */
  scanColumn(texts: readonly string[], ends: Uint32Array, bytes?: Uint8Array): void {
    this.scanQueued();
    if (this.columns.length === 0) this.columnDocs = texts.length;
    else if (texts.length !== this.columnDocs) throw new RangeError(`a column of ${texts.length} texts after ${this.columnDocs}`);
    const start = this.tokenCount;
    const endsAt = this.wasm.alloc(texts.length * 4);
    const units = texts.length === 0 ? 0 : ends[texts.length - 1]!;
    let ascii: boolean;
    if (bytes) {
      ascii = bytes.length === units;
      if (ascii) {
        this.reserveInput(units);
        this.view().set(bytes, this.input);
      }
    } else {
      this.reserveInput(units * 3);
      ascii = this.view().write(texts.join(''), this.input, units * 3, 'utf8') === units;
    }
    if (ascii) {
      this.reserveTokens((units + texts.length) >> 1);
      new Uint32Array(this.wasm.memory.buffer, endsAt, texts.length).set(ends);
      this.tokenCount += this.wasm.scanTexts(this.input, endsAt, texts.length, this.tokensAt + start * 4, start);
    } else {
      const append = (term: string) => this.append(term);
      texts.forEach((text, i) => {
        if (text && !this.queueAscii(text)) scanTokens(text, append);
        this.scanQueued();
        this.view().writeUInt32LE(this.tokenCount, endsAt + i * 4);
      });
    }
    this.columns.push({ start, endsAt });
  }

  /** The scanned columns' tokens by document, and where each document's end (copies). */
  columnDocuments(): { tokens: Uint32Array; docEnds: Uint32Array } {
    const docs = this.columnDocs;
    const fields = this.columns.length;
    const spansAt = this.wasm.alloc(docs * fields * 8);
    const out = this.wasm.alloc(this.tokenCount * 4);
    const docEndsAt = this.wasm.alloc(docs * 4);
    const words = new Uint32Array(this.wasm.memory.buffer);
    this.columns.forEach(({ start, endsAt }, f) => {
      for (let d = 0, from = start, at = spansAt / 4 + f * 2; d < docs; from = words[endsAt / 4 + d]!, d += 1, at += fields * 2) {
        words[at] = from;
        words[at + 1] = words[endsAt / 4 + d]!;
      }
    });
    this.wasm.gather(this.tokensAt, spansAt, docs, fields, out, docEndsAt);
    const buffer = this.wasm.memory.buffer;
    return { tokens: new Uint32Array(buffer, out, this.tokenCount).slice(), docEnds: new Uint32Array(buffer, docEndsAt, docs).slice() };
  }

  /** A copy of every token's term id, in order. */
  tokenIds(): Uint32Array {
    return new Uint32Array(this.wasm.memory.buffer, this.tokensAt, this.tokenCount).slice();
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

  /**
   * The postings of the tokens so far, with terms numbered in sorted order: of documents ending at `docEnds`
   * when given, else of the scanned columns' documents; framed with the room `room` asks for, when given.
   * Views of the module's memory, valid until the table is next used.
   */
  sortedPostings(docEnds?: Uint32Array, room?: PostingsRoom): SortedPostings {
    let fields = this.columns;
    let docs = this.columnDocs;
    if (docEnds) {
      const endsAt = this.wasm.alloc(docEnds.length * 4);
      new Uint32Array(this.wasm.memory.buffer, endsAt, docEnds.length).set(docEnds);
      fields = [{ start: 0, endsAt }];
      docs = docEnds.length;
    }
    const spansAt = this.wasm.alloc(fields.length * 8);
    fields.forEach(({ start, endsAt }, f) => new Uint32Array(this.wasm.memory.buffer, spansAt + f * 8, 2).set([start, endsAt]));
    const count = this.wasm.count();
    const order = this.wasm.sortTerms();
    // Out at 0: the text's bytes counted, not written.
    const textBytes = room ? this.wasm.termText(order, count, 0, 0) : 0;
    const { before, after } = room?.(new Uint32Array(this.wasm.memory.buffer, order, count), docs, textBytes) ?? { before: 0, after: 0 };
    const at = this.wasm.postings(this.tokensAt, spansAt, fields.length, docs, order, before, after);
    const buffer = this.wasm.memory.buffer;
    const [offsets, postingDocs, tfs, lengths, frame] = new Uint32Array(buffer, at, 5);
    const offsetsView = new Uint32Array(buffer, offsets, count + 1);
    const postings = offsetsView[count]!;
    const placeTerms = (endsAt: number, textAt: number) => void this.wasm.termText(order, count, frame! + endsAt, frame! + textAt);
    return {
      ...(room ? { frame: { bytes: new Uint8Array(buffer, frame, before + postings * 8 + after), placeTerms } } : {}),
      order: new Uint32Array(buffer, order, count),
      offsets: offsetsView,
      docs: new Uint32Array(buffer, postingDocs, postings),
      tfs: new Uint32Array(buffer, tfs, postings),
      lengths: new Uint32Array(buffer, lengths, docs),
    };
  }

  /** Room for `ids` more token ids, keeping those there. */
  private reserveTokens(ids: number): void {
    if (this.tokenCount + ids <= this.tokenRoom) return;
    this.tokenRoom = Math.max(this.tokenCount + ids, this.tokenRoom * 2, 1 << 14);
    const at = this.wasm.alloc(this.tokenRoom * 4);
    this.view().copy(this.memory, at, this.tokensAt, this.tokensAt + this.tokenCount * 4);
    this.tokensAt = at;
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
