import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { Bm25IndexBuilder, columnCorpus } from '../../src/search/bm25/bm25-index-builder.js';
import { bm25IndexFile } from '../../src/search/bm25/bm25-index-file.js';
import { buildPostings } from '../../src/search/bm25/bm25-postings.js';
import { ScriptTermTable } from '../../src/search/bm25/script-term-table.js';
import { newTermTable, type TermTable } from '../../src/search/bm25/term-table.js';
import { WasmTermTable } from '../../src/search/bm25/wasm-term-table.js';
import { TERM_SCAN_WASM } from '../../src/search/bm25/wasm/term-scan-bytes.js';
import { tokenize } from '../../src/search/tokenize.js';
import { searchText } from '../support/search-text.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** What the builder must give: `tokenize` per text, terms numbered in the order first seen. */
function referenceCorpus(documents: readonly (readonly string[])[]) {
  const ids = new Map<string, number>();
  const tokens: number[] = [];
  const docEnds: number[] = [];
  for (const texts of documents) {
    for (const text of texts) {
      for (const token of tokenize(text)) {
        if (!ids.has(token)) ids.set(token, ids.size);
        tokens.push(ids.get(token)!);
      }
    }
    docEnds.push(tokens.length);
  }
  return { terms: [...ids.keys()], tokens, docEnds };
}

function builtCorpus(documents: readonly (readonly string[])[], table: TermTable) {
  const builder = new Bm25IndexBuilder(table);
  for (const texts of documents) {
    for (const text of texts) builder.addText(text);
    builder.endDocument();
  }
  return builder.corpus();
}

// ASCII of every kind (controls, separators, capitals, digits) with a sprinkling of other text.
const asciiText = fc.string({ unit: fc.integer({ min: 0, max: 127 }).map((code) => String.fromCharCode(code)), maxLength: 60 });
const word = fc.stringMatching(/^[A-Za-z0-9]{1,12}$/);
const words = fc.array(word, { maxLength: 30 }).map((list) => list.join(' '));
const anyText = fc.oneof(asciiText, words, searchText, fc.string(), fc.string({ unit: 'grapheme' }));
const documents = fc.array(fc.array(anyText, { maxLength: 5 }), { maxLength: 30 });

const TABLES: [string, () => TermTable][] = [
  ['WebAssembly', () => new WasmTermTable()],
  ['JavaScript (no WebAssembly)', () => new ScriptTermTable()],
];

for (const [name, newTable] of TABLES)
  describe(`Bm25IndexBuilder over the term table in ${name}`, () => {
    it('gives the tokens and first-seen term ids of tokenize, for ASCII and any other text mixed', () => {
      fc.assert(
        fc.property(documents, (docs) => {
          const corpus = builtCorpus(docs, newTable());
          const expected = referenceCorpus(docs);
          assert.deepEqual(corpus.terms, expected.terms);
          assert.deepEqual([...corpus.tokens], expected.tokens);
          assert.deepEqual([...corpus.docEnds], expected.docEnds);
        }),
        { numRuns: 400 },
      );
    });

    it('sorts term ids in JavaScript string order, gives their postings, and finds each term by its text', () => {
      fc.assert(
        fc.property(documents, (docs) => {
          const corpus = builtCorpus(docs, newTable());
          const sorted = corpus.sortedPostings();
          const [order, offsets, postingDocs, tfs] = [sorted.order, sorted.offsets, sorted.docs, sorted.tfs].map((view) => [...view]) as [
            number[],
            number[],
            number[],
            number[],
          ];
          assert.deepEqual(
            order.map((id) => corpus.terms[id]),
            [...corpus.terms].sort(),
          );
          const rank = new Uint32Array(order.length);
          order.forEach((id, place) => (rank[id] = place));
          const expected = buildPostings(
            Uint32Array.from(corpus.tokens, (id) => rank[id]!),
            corpus.docEnds,
            order.length,
          );
          assert.deepEqual(offsets, [...expected.offsets]);
          assert.deepEqual(postingDocs, [...expected.docs]);
          assert.deepEqual(tfs, [...expected.tfs]);
          corpus.terms.forEach((term, id) => assert.equal(corpus.termIds().get(term), id));
          assert.equal(corpus.termIds().get('\u0000absent\u0000'), undefined);
        }),
        { numRuns: 300 },
      );
    });

    it('frames the postings with the room asked for, and writes the sorted terms’ ends and text into it', () => {
      const extra = fc.integer({ min: 0, max: 16 }).map((words) => words * 4);
      // Lone surrogates too, and halves of a pair that sorting puts side by side: the text is encoded as one string.
      const texts = fc.oneof(anyText, fc.string({ unit: 'binary', maxLength: 8 }), fc.constant('x\ud83d \ude00y \ud800'));
      const docsOf = fc.array(fc.array(texts, { maxLength: 5 }), { maxLength: 30 });
      fc.assert(
        fc.property(docsOf, extra, extra, (docs, extraBefore, extraAfter) => {
          const plain = builtCorpus(docs, newTable());
          const sortedPlain = plain.sortedPostings();
          const expected = { order: [...sortedPlain.order], docs: [...sortedPlain.docs], tfs: [...sortedPlain.tfs] };
          const sortedTerms = expected.order.map((id) => plain.terms[id]!);
          const text = Buffer.from(sortedTerms.join(''), 'utf8');
          const v = sortedTerms.length;
          let asked: { order: number[]; documents: number; textBytes: number } | undefined;
          const before = extraBefore + v * 4;
          const after = text.length + extraAfter;
          const framed = builtCorpus(docs, newTable()).sortedPostings((order, documents, textBytes) => {
            asked = { order: [...order], documents, textBytes };
            return { before, after };
          });
          assert.deepEqual(asked, { order: expected.order, documents: docs.length, textBytes: text.length });
          const p = expected.docs.length;
          const { bytes, placeTerms } = framed.frame!;
          assert.equal(bytes.length, before + p * 8 + after);
          assert.ok(bytes.subarray(0, before).every((byte) => byte === 0));
          assert.ok(bytes.subarray(before + p * 8).every((byte) => byte === 0));
          const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
          const words = (at: number, count: number) => Array.from({ length: count }, (_, i) => view.getUint32(at + i * 4, true));
          assert.deepEqual(words(before, p), expected.docs);
          assert.deepEqual(words(before + p * 4, p), expected.tfs);
          placeTerms(extraBefore, before + p * 8);
          let end = 0;
          assert.deepEqual(
            words(extraBefore, v),
            sortedTerms.map((term) => (end += term.length)),
          );
          assert.deepEqual(Buffer.from(bytes.subarray(before + p * 8, before + p * 8 + text.length)), text);
          assert.ok(bytes.subarray(0, extraBefore).every((byte) => byte === 0));
          assert.equal(builtCorpus(docs, newTable()).sortedPostings().frame, undefined);
        }),
        { numRuns: 300 },
      );
    });

    it('keeps every term through the table growing (many terms, long terms, long texts)', () => {
      const many = Array.from({ length: 5000 }, (_, i) => `Term${i}x${(i * 7919) % 1000}`);
      const long = 'L'.repeat(40_000) + ' ' + 'é'.repeat(3) + ' ' + 'l'.repeat(40_000);
      const docs = [[many.join(' ')], [long], many.slice(0, 50), [many.join('.').toUpperCase()]];
      const corpus = builtCorpus(docs, newTable());
      const expected = referenceCorpus(docs);
      assert.deepEqual(corpus.terms, expected.terms);
      assert.deepEqual([...corpus.tokens], expected.tokens);
      assert.equal(corpus.terms.length, 5000 + 2);
    });

    it('gives columns the tokens of their documents, ASCII columns or not', () => {
      const columnsOf = fc
        .tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 20 }))
        .chain(([fields, docs]) =>
          fc.array(fc.array(anyText, { minLength: docs, maxLength: docs }), { minLength: fields, maxLength: fields }),
        );
      fc.assert(
        fc.property(
          fc.oneof(
            columnsOf,
            fc.constant([
              ['Pricing pilot', 'İstanbul été', ''],
              ['back/navigation', 'x_y', 'ÉTÉ'],
            ]),
          ),
          (columns) => {
            const corpus = columnCorpus(columns, undefined, newTable());
            const docs = columns.length === 0 ? 0 : columns[0].length;
            const expected = referenceCorpus(Array.from({ length: docs }, (_, d) => columns.map((column) => column[d]!)));
            assert.deepEqual(
              [...corpus.tokens].map((id) => corpus.terms[id]),
              expected.tokens.map((id) => expected.terms[id]),
            );
            assert.deepEqual([...corpus.docEnds], expected.docEnds);
            assert.deepEqual([...corpus.terms].sort(), [...expected.terms].sort());
            corpus.terms.forEach((term, id) => assert.equal(corpus.termIds().get(term), id));
          },
        ),
        { numRuns: 300 },
      );
    });

    it('gives columns of many documents (a table made for them) the tokens and sorted postings of their documents', () => {
      for (const documents of [1023, 1024, 5000]) {
        const keys = Array.from({ length: documents }, (_, d) => `note.${d}`);
        const words = Array.from({ length: documents }, (_, d) => `pricing w${d % 97} Été${d % 3} x${(d * 7919) % documents}`);
        const columns = [keys, words];
        const corpus = columnCorpus(columns, undefined, newTable());
        const expected = referenceCorpus(keys.map((key, d) => [key, words[d]!]));
        // Columns number their terms column by column: compared as strings.
        assert.deepEqual(
          [...corpus.tokens].map((id) => corpus.terms[id]),
          expected.tokens.map((id) => expected.terms[id]),
        );
        const sorted = corpus.sortedPostings();
        assert.deepEqual(
          [...sorted.order].map((id) => corpus.terms[id]),
          [...expected.terms].sort(),
        );
        assert.equal(sorted.docs.length, new Set(expected.tokens.map((id, i) => `${id}:${documentOf(expected.docEnds, i)}`)).size);
      }
    });
  });

/** The document the i-th token of a corpus ending its documents at `docEnds` belongs to. */
function documentOf(docEnds: readonly number[], i: number): number {
  return docEnds.findIndex((end) => i < end);
}

describe('newTermTable', () => {
  it('takes the WebAssembly table where the runtime has WebAssembly', () => {
    assert.ok(newTermTable() instanceof WasmTermTable);
  });

  it('takes the JavaScript table under `node --jitless`, which has no WebAssembly, and writes the same index', () => {
    const columns = [
      ['Pricing pilot', 'İstanbul été', 'back/navigation'],
      ['x_y z', 'ÉTÉ pricing', ''],
    ];
    const modules = path.join(root, 'dist/src/search/bm25');
    const script = [
      `const { newTermTable } = await import(${JSON.stringify(pathToFileURL(path.join(modules, 'term-table.js')).href)});`,
      `const { bm25IndexFile } = await import(${JSON.stringify(pathToFileURL(path.join(modules, 'bm25-index-file.js')).href)});`,
      `const bytes = bm25IndexFile.encodeColumns(${JSON.stringify(columns)});`,
      "console.log(JSON.stringify({ table: newTermTable().constructor.name, index: Buffer.from(bytes).toString('base64') }));",
    ].join('\n');
    const run = spawnSync(process.execPath, ['--jitless', '--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const answer = JSON.parse(run.stdout) as { table: string; index: string };
    assert.equal(answer.table, 'ScriptTermTable');
    assert.equal(answer.index, Buffer.from(bm25IndexFile.encodeColumns!(columns)).toString('base64'));
  });
});

describe('term-scan.wat', () => {
  it('is what the committed module bytes were assembled from (run `npm run build:wasm` after editing it)', async () => {
    const script = (await import(pathToFileURL(path.join(root, 'scripts/build-wasm.mjs')).href)) as {
      assembleTermScan(): Promise<Buffer>;
    };
    assert.equal((await script.assembleTermScan()).toString('base64'), TERM_SCAN_WASM);
  });
});
