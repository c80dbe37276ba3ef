/**
 * A Python tree large enough that the code cache's search index spans many blocks, and damage placed where
 * only a query reads: in the blocks that lie wholly within the index's postings (see limits/block-file.ts
 * for the file's layout, search/bm25/bm25-index-file.ts for the index's).
 */
const VOCABULARY = 900;

/** `count` modules `pkg/m<i>.py`, each a documented class with four documented methods, words shared across them. */
export function generatedPythonModules(count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i += 1) {
    const words = (offset: number) => Array.from({ length: 24 }, (_, k) => `w${(i * 37 + k * 11 + offset) % VOCABULARY}`).join(' ');
    const methods = Array.from({ length: 4 }, (_, m) => [
      `    def handle_${m}_${i}(self):`,
      `        """${words(m + 5)}."""`,
      '        return None',
      '',
    ]);
    files[`pkg/m${i}.py`] = [
      `"""Module ${i}: ${words(0)}."""`,
      '',
      `class Widget${i}:`,
      `    """${words(3)}."""`,
      '',
      ...methods.flat(),
    ].join('\n');
  }
  return files;
}

/**
 * Where a BM25 index's postings lie, as byte offsets into the index: little-endian u32 words, a header of six
 * (n, v and p at 2 to 4), then n + v + (v + 1) words before the postings (documents, then frequencies: 2p
 * words). `word(i)` reads the index's i-th word.
 */
export function postingsSpan(word: (index: number) => number): { start: number; end: number } {
  const [n, v, p] = [word(2), word(3), word(4)];
  const start = (6 + n + 2 * v + 1) * 4;
  return { start, end: start + 2 * p * 4 };
}

/** The tree cache with one byte changed in every block that lies wholly within the search index's postings. */
export function withPostingsDamaged(bytes: Buffer): { damaged: Buffer; blocks: number } {
  const headerLength = bytes.readUInt32LE(8);
  const header = JSON.parse(bytes.subarray(16, 16 + headerLength).toString('utf8')) as {
    bodyBytes: number;
    blockBytes: number;
    sections: Record<string, [number, number]>;
  };
  const bodyAt = bytes.length - header.bodyBytes;
  const [indexAt] = header.sections.searchIndex!;
  const postings = postingsSpan((at) => bytes.readUInt32LE(bodyAt + indexAt + at * 4));
  const [start, end] = [indexAt + postings.start, indexAt + postings.end];
  const damaged = Buffer.from(bytes);
  let blocks = 0;
  for (let block = Math.ceil(start / header.blockBytes); (block + 1) * header.blockBytes <= end; block += 1, blocks += 1) {
    const at = bodyAt + block * header.blockBytes + 100;
    damaged.writeUInt8(damaged.readUInt8(at) ^ 0xff, at);
  }
  return { damaged, blocks };
}
