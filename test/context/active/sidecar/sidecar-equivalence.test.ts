import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ContextCorpus } from '../../../../src/context/active/context-corpus.js';
import { allRecords } from '../../../../src/context/active/record-source.js';
import { decodeSidecar, SidecarInvalid, type DecodedSidecar } from '../../../../src/context/active/sidecar/sidecar-decode.js';
import { encodeSidecar } from '../../../../src/context/active/sidecar/sidecar-format.js';
import { searchDocuments } from '../../../../src/records/document-text.js';
import type { Scenario } from '../../../../src/records/scenario.js';
import { Bm25SearchEngine } from '../../../../src/search/bm25/bm25-engine.js';
import { pythonJsonDumps } from '../../../../src/storage/json/python-json-writer.js';
import { parseJsonPreservingNumbers } from '../../../../src/storage/json/record-json-parser.js';

const engine = new Bm25SearchEngine();
const words = ['pilot', 'pricing', 'conjoint', 'Survey', 'humanize', 'consent', 'budget', 'model', 'ünïcode', '日本', 'emoji😀'];
const stamp = { identity: '1:2:3:4:5', digest: 'a'.repeat(64) };

const text = fc.array(fc.constantFrom(...words), { minLength: 0, maxLength: 5 }).map((list) => list.join(' '));
// Keys from a small set (duplicates, keyless and non-string keys too); Python number forms kept through parsing.
const recordArb = fc
  .record(
    {
      key: fc.oneof(fc.constantFrom('a', 'b', 'c', 'd', 'é', ''), fc.integer(), fc.constant(null)),
      kind: fc.constantFrom('note', 'study_note'),
      title: text,
      summary: text,
      content: fc.oneof(text, fc.array(text, { maxLength: 3 }), fc.record({ nested: text })),
      tags: fc.array(fc.constantFrom(...words), { maxLength: 3 }),
      weight: fc.constantFrom('1.0', '0.25', '9007199254740993', 'NaN', '2'),
    },
    { requiredKeys: ['kind'] },
  )
  .map(({ weight, ...rest }): Scenario => {
    const json = JSON.stringify(rest);
    return parseJsonPreservingNumbers(`${json.slice(0, -1)}${json.length > 2 ? ',' : ''}"weight": ${weight ?? '1'}}`) as Scenario;
  });
const query = fc.array(fc.constantFrom(...words, 'absent'), { minLength: 1, maxLength: 4 }).map((list) => list.join(' '));

/** What a sidecar keeps: records and keys only (a `get` wrote it), the search columns too, or also the index. */
type Kept = 'records' | 'columns' | 'index';

/**
 * The same corpus twice: over the records, and over sidecars written from them and read back, keeping what
 * `kept` says (with the index, a search ranks from the kept postings, combined across packages; without
 * the columns, the documents come from the records read back).
 */
function corpora(packages: Scenario[][], kept: Kept): [ContextCorpus, ContextCorpus] {
  const direct = new ContextCorpus(packages.map((records, i) => ({ shown: `p${i}.ep`, records })));
  const search = kept === 'records' ? undefined : { index: kept === 'index' ? engine.persistedIndex : undefined };
  const cached = new ContextCorpus(
    packages.map((records, i) => ({ shown: `p${i}.ep`, source: decodeSidecar(encodeSidecar(records, stamp, search))!.source })),
  );
  return [direct, cached];
}

const shape = (value: unknown) => pythonJsonDumps(value as never);

describe('the read cache sidecar', () => {
  it('gives the same matches, gets, resolved records and warnings as the records themselves, whatever it keeps for searches', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(recordArb, { maxLength: 12 }), { minLength: 1, maxLength: 3 }),
        query,
        fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
        fc.option(fc.constantFrom(['summary'], ['content', 'title'], ['weight']), { nil: undefined }),
        fc.constantFrom<Kept>('records', 'columns', 'index'),
        (packages, q, topK, fields, kept) => {
          const [direct, cached] = corpora(packages, kept);
          const options = { ...(topK === undefined ? {} : { topK }), ...(fields ? { fields } : {}) };
          const expected = direct.search(engine, q, options);
          const actual = cached.search(engine, q, options);
          assert.deepEqual(
            actual.map((match) => [match.score, match.context_path, shape(match.scenario)]),
            expected.map((match) => [match.score, match.context_path, shape(match.scenario)]),
          );
          // Before anything maps every key: the sidecar looks each key up in its key column.
          const asked = ['a', 'b', 'é', '', 'missing', 'a'];
          assert.deepEqual(cached.warningsFor(asked), direct.warningsFor(asked));
          assert.deepEqual(cached.warningsFor(asked, 'got'), direct.warningsFor(asked, 'got'));
          for (const key of ['a', 'b', 'é', '', 'missing']) {
            const [want, got] = [direct.get(key), cached.get(key)];
            assert.deepEqual(got && { ...got, record: shape(got.record) }, want && { ...want, record: shape(want.record) });
          }
          assert.deepEqual(cached.resolved().map(shape), direct.resolved().map(shape));
          assert.deepEqual(cached.warningsFor(), direct.warningsFor());
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never answers from a changed byte: refused when one is cut or added, refused or failing the read that meets one changed', () => {
    const file = encodeSidecar(
      [
        { key: 'a', summary: 'pilot pricing' },
        { key: 'b', summary: 'consent' },
      ],
      stamp,
      { index: engine.persistedIndex },
    );
    const readEverything = (decoded: DecodedSidecar) => {
      const { source } = decoded;
      for (let index = 0; index < source.length; index += 1) source.stringField(index, 'key');
      allRecords(source);
      source.documents(undefined);
      source.searchIndex!(engine.persistedIndex);
    };
    readEverything(decodeSidecar(file)!);
    fc.assert(
      fc.property(fc.nat(file.length - 1), fc.integer({ min: 1, max: 255 }), (at, flip) => {
        const damaged = Buffer.from(file);
        damaged[at] = damaged[at]! ^ flip;
        const decoded = decodeSidecar(damaged);
        if (decoded) assert.throws(() => readEverything(decoded), SidecarInvalid, `byte ${at}`);
        assert.equal(decodeSidecar(file.subarray(0, at)), undefined);
      }),
      { numRuns: 500 },
    );
    assert.equal(decodeSidecar(Buffer.concat([file, Buffer.from([0])])), undefined);
    assert.equal(decodeSidecar(Buffer.alloc(0)), undefined);
  });

  it('keeps the search texts of many records, ASCII or with other codes anywhere among them', () => {
    const many = (other: number | undefined) =>
      Array.from({ length: 1300 }, (_, d): Scenario => ({
        key: `note.${d}`,
        kind: 'note',
        summary: d === other ? 'pilot été 😀' : `pilot ${d}`,
        tags: ['pricing', `w${d % 7}`],
      }));
    for (const other of [undefined, 0, 700, 1299]) {
      const records = many(other);
      const source = decodeSidecar(encodeSidecar(records, stamp, { index: engine.persistedIndex }))!.source;
      assert.deepEqual(source.documents(undefined), searchDocuments(records, undefined), `other codes at ${other}`);
    }
  });
});
