import { scanTokens } from '../tokenize.js';
import { buildPostings } from './bm25-postings.js';
import type { PostingsFrame, PostingsRoom, SortedPostings, TermTable } from './term-table.js';

const NOT_ASCII = /[\u0080-\uffff]/;

/**
 * The term table in JavaScript, for runtimes without WebAssembly (`node --jitless`): a map of terms, and the
 * same ids, tokens and postings as the WebAssembly table (the tests hold both to the same results).
 */
export class ScriptTermTable implements TermTable {
  private readonly ids = new Map<string, number>();
  private readonly termList: string[] = [];
  private tokenList = new Uint32Array(1 << 12);
  private count = 0;
  private readonly columns: { start: number; ends: Uint32Array }[] = [];
  private readonly appendToken = (term: string): void => this.append(term);

  get tokens(): number {
    return this.count;
  }

  queueAscii(text: string): boolean {
    if (NOT_ASCII.test(text)) return false;
    scanTokens(text, this.appendToken);
    return true;
  }

  scanQueued(): void {
    // `queueAscii` tokenizes at once: nothing waits.
  }

  append(term: string): void {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.termList.length;
      this.ids.set(term, id);
      this.termList.push(term);
    }
    if (this.count === this.tokenList.length) {
      const larger = new Uint32Array(this.tokenList.length * 2);
      larger.set(this.tokenList);
      this.tokenList = larger;
    }
    this.tokenList[this.count++] = id;
  }

  reserveColumns(): void {
    // The token list grows as it goes.
  }

  scanColumn(texts: readonly string[]): void {
    const start = this.count;
    const ends = new Uint32Array(texts.length);
    texts.forEach((text, d) => {
      if (text) scanTokens(text, this.appendToken);
      ends[d] = this.count;
    });
    this.columns.push({ start, ends });
  }

  columnDocuments(): { tokens: Uint32Array; docEnds: Uint32Array } {
    const docs = this.columns[0]?.ends.length ?? 0;
    const tokens = new Uint32Array(this.count);
    const docEnds = new Uint32Array(docs);
    for (let d = 0, n = 0; d < docs; d += 1) {
      for (const { start, ends } of this.columns) {
        const from = d === 0 ? start : ends[d - 1]!;
        tokens.set(this.tokenList.subarray(from, ends[d]), n);
        n += ends[d]! - from;
      }
      docEnds[d] = n;
    }
    return { tokens, docEnds };
  }

  tokenIds(): Uint32Array {
    return this.tokenList.slice(0, this.count);
  }

  terms(): string[] {
    return [...this.termList];
  }

  sortedPostings(docEnds?: Uint32Array, room?: PostingsRoom): SortedPostings {
    const documents = docEnds ? { tokens: this.tokenList.subarray(0, this.count), docEnds } : this.columnDocuments();
    const terms = this.termList;
    // Terms are distinct, so no two compare equal.
    const order = Uint32Array.from(terms.keys()).sort((a, b) => (terms[a]! < terms[b]! ? -1 : 1));
    const rank = new Uint32Array(order.length);
    order.forEach((id, place) => (rank[id] = place));
    const ends = documents.docEnds;
    const lengths = ends.map((end, d) => end - (d === 0 ? 0 : ends[d - 1]!));
    const postings = buildPostings(
      documents.tokens.map((id) => rank[id]!),
      ends,
      order.length,
    );
    return { order, ...postings, lengths, ...(room ? { frame: framed(postings, order, terms, ends.length, room) } : {}) };
  }
}

/** The postings framed with the room `room` asks for, the terms taken in `order` (see PostingsFrame). */
function framed(
  { docs, tfs }: { docs: Uint32Array; tfs: Uint32Array },
  order: Uint32Array,
  terms: readonly string[],
  documents: number,
  room: PostingsRoom,
): PostingsFrame {
  const sorted = Array.from(order, (id) => terms[id]!);
  const text = Buffer.from(sorted.join(''), 'utf8');
  const { before, after } = room(order, documents, text.length);
  const bytes = new Uint8Array(before + (docs.length + tfs.length) * 4 + after);
  new Uint32Array(bytes.buffer, before, docs.length).set(docs);
  new Uint32Array(bytes.buffer, before + docs.length * 4, tfs.length).set(tfs);
  const placeTerms = (endsAt: number, textAt: number) => {
    const ends = new DataView(bytes.buffer, endsAt, sorted.length * 4);
    let end = 0;
    sorted.forEach((term, k) => ends.setUint32(k * 4, (end += term.length), true));
    bytes.set(text, textAt);
  };
  return { bytes, placeTerms };
}
