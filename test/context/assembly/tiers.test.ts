import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ContextBudget,
  ContextTierService,
  packReferences,
  referencesOf,
  reverseReferences,
  type ContextRecord,
} from '../../../src/context/assembly/index.js';
import { Bm25SearchEngine } from '../../../src/search/bm25/bm25-engine.js';
import { IndexDamaged } from '../../../src/search/search-engine.js';
import { postingsSpan } from '../../../features/support/code-cache-damage.js';
import { BpeTokenizer } from '../../../src/tokenizer/bpe-tokenizer.js';
import { CHAIN, contextOver } from './support.js';

describe('ContextTierService', () => {
  it('fills the hot tier from hot sources and reports the budget', async () => {
    const { tiers } = contextOver({ hot: [CHAIN[0]!], warm: [CHAIN[1]!] }, { budget: new ContextBudget(500, 100) });
    await tiers.load();
    const state = tiers.budgetState();
    assert.deepEqual([state.max_tokens, state.reserved_tokens, state.available_tokens], [500, 100, 400]);
    assert.ok(state.used_tokens > 0);
    assert.deepEqual(
      tiers.entries().map((e) => tiers.tierOf(e)),
      ['hot', 'warm'],
    );
  });

  it('links records whose fields name other keys, in both directions', async () => {
    const { tiers } = contextOver({ warm: CHAIN });
    await tiers.load();
    const [a, b] = tiers.entries();
    assert.deepEqual(tiers.neighbours(b!), [0, 2]);
    assert.deepEqual(tiers.neighbours(a!), [1]);
  });

  it("links a source's records by its related lists both ways, however they are ordered", async () => {
    // A ring with chords, lists out of order, repeated, invalid and pointing at a record of the same key;
    // and a record of a second source naming one of the first source's keys. Also a ring of ascending,
    // valid lists, which the tiers take as they are: first of all sources and after another; the same
    // given all at once (`references()`, read in place, one pointing at a record of the same key); and
    // lists given all at once that do not fit, for which the tiers ask record by record.
    const count = 40;
    const keys = Array.from({ length: count }, (_, i) => (i === 7 ? 'node/6' : `node/${i}`));
    const messy = (i: number): number[] => [
      (i * 7 + 3) % count,
      (i + 1) % count,
      (i * 7 + 3) % count,
      i === 5 ? -1 : i,
      i === 6 ? 7 : (i + 13) % count,
    ];
    const ring = (i: number): number[] => [...new Set([(i + 1) % count, (i + 13) % count])].filter((p) => p !== i).sort((a, b) => a - b);
    const clean = (i: number): number[] => ring(i).filter((p) => !(i === 6 && p === 7));
    const allOf = (lists: (i: number) => number[], length = count) =>
      packReferences(Array.from({ length }, (_, i) => lists(i).map((position) => (position < 0 ? 2 ** 32 - 1 : position))));
    const sound = (i: number) => [...new Set(messy(i))].filter((p) => p >= 0 && p !== i).sort((a, b) => a - b);
    const variants = [
      { name: 'messy', related: messy },
      { name: 'clean', related: clean },
      { name: 'listed', related: ring, references: { refersTo: allOf(ring), referredBy: reverseReferences(allOf(ring)) } },
      { name: 'listed messy', related: messy, references: { refersTo: allOf(messy), referredBy: reverseReferences(allOf(sound)) } },
      { name: 'misfit', related: messy, references: { refersTo: allOf(messy, count - 1), referredBy: allOf(messy) } },
    ];
    for (const { name, related, references } of variants) {
      for (const graphFirst of [false, true]) {
        const graph = {
          id: 'test/graph',
          tier: 'warm' as const,
          load: () => keys.map((key, position) => ({ key, position })),
          // Asked only when the lists given all at once are missing or do not fit.
          related: (record: ContextRecord) => {
            assert.ok(!name.startsWith('listed'), 'related asked although the lists fit');
            return related(record.position as number);
          },
          ...(references ? { references: () => references } : {}),
        };
        const naming = { id: 'test/naming', tier: 'cold' as const, load: () => [{ key: 'note', about: 'node/3' }] };
        const sources = graphFirst ? [graph, naming] : [naming, graph];
        const tiers = new ContextTierService({ sources, searchEngine: new Bm25SearchEngine(), tokenizer: new BpeTokenizer() });
        await tiers.load();
        const first = graphFirst ? 0 : 1;
        const noteId = graphFirst ? count : 0;
        const expected = tiers.entries().map(() => new Set<number>());
        const link = (a: number, b: number) => {
          if (tiers.entries()[a]!.key === tiers.entries()[b]!.key) return;
          expected[a]!.add(b);
          expected[b]!.add(a);
        };
        for (let i = 0; i < count; i += 1)
          for (const position of related(i)) if (position >= 0 && position < count) link(first + i, first + position);
        link(noteId, first + 3);
        // Packed first, while no entry's neighbours are merged yet: the packing merges kept lists itself.
        const packed = tiers.neighbourLists();
        for (const entry of tiers.entries()) {
          const want = [...expected[entry.id]!].sort((a, b) => a - b);
          const where = `${entry.key} (${name} lists, graph source ${graphFirst ? 'first' : 'second'})`;
          assert.deepEqual([...referencesOf(packed, entry.id)], want, `packed: ${where}`);
          assert.deepEqual(tiers.neighbours(entry), want, where);
        }
      }
    }
  });

  it("ranks from the sources' kept indexes when every source with records keeps one, with the hits of a text scan", async () => {
    const engine = new Bm25SearchEngine();
    const format = engine.persistedIndex;
    const texts = ['rotate the signing keys', 'sign users in', 'keys for the vault', 'nothing here'];
    const keeping = (id: string, own: string[], kept = true) => ({
      id,
      tier: 'warm' as const,
      load: () => own.map((text, position) => ({ key: `${id}/${position}`, text })),
      searchText: (record: ContextRecord) => record.text as string,
      ...(kept ? { searchIndex: async () => format.open(format.encode(own.map((text) => ({ text })))) } : {}),
    });
    const opened: string[] = [];
    const spy = (source: ReturnType<typeof keeping>) =>
      source.searchIndex ? { ...source, searchIndex: async () => (opened.push(source.id), source.searchIndex!()) } : source;
    const ranked = async (sources: ReturnType<typeof keeping>[]) => {
      const tiers = new ContextTierService({ sources: sources.map(spy), searchEngine: engine, tokenizer: new BpeTokenizer() });
      await tiers.load();
      assert.deepEqual(opened, [], 'loading alone (to read the budget) asks for no index');
      await tiers.loadForSearch();
      return ['signing keys', 'keys', 'users'].map((query) => tiers.search(query));
    };
    const scanned = await ranked([keeping('a', texts.slice(0, 2), false), keeping('b', texts.slice(2), false)]);
    opened.length = 0;
    assert.deepEqual(await ranked([keeping('a', texts.slice(0, 2)), keeping('empty', []), keeping('b', texts.slice(2))]), scanned);
    assert.deepEqual(opened, ['a', 'b'], 'a source without records is not asked');
    // The kept index is what ranks: one kept over other texts (the same count) gives its own hits.
    const other = {
      ...keeping('a', texts.slice(0, 2)),
      searchIndex: async () => format.open(format.encode([{ text: 'users' }, { text: 'x' }])),
    };
    const tiers = new ContextTierService({ sources: [other], searchEngine: engine, tokenizer: new BpeTokenizer() });
    await tiers.loadForSearch();
    assert.deepEqual(
      tiers.search('users').map((hit) => hit.index),
      [0],
    );
    // One source without a kept index: the texts are scanned, with the same hits.
    opened.length = 0;
    assert.deepEqual(await ranked([keeping('a', texts.slice(0, 2)), keeping('b', texts.slice(2), false)]), scanned);
  });

  it('answers from the texts when a kept index fails its checks mid-query, and tells its source once', async () => {
    const engine = new Bm25SearchEngine();
    const format = engine.persistedIndex;
    const texts = ['rotate the signing keys', 'sign users in', 'keys for the vault'];
    const bytes = format.encode(texts.map((text) => ({ text })));
    // Read in place, the postings fail as a damaged block would.
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >>> 2);
    const postings = postingsSpan((at) => words[at]!);
    const inPostings = (offset: number) => offset >= postings.start && offset < postings.end;
    const told: string[] = [];
    let textsLoaded = false;
    const source = {
      id: 'kept',
      tier: 'warm' as const,
      load: () => texts.map((text, position) => ({ key: `kept/${position}`, text })),
      searchText: (record: ContextRecord) => {
        assert.ok(textsLoaded, 'texts are read only once loaded');
        return record.text as string;
      },
      loadSearchTexts: async () => void (textsLoaded = true),
      searchIndex: async () =>
        format.openSource!({
          byteLength: bytes.length,
          read: (offset: number, length: number) => {
            if (inPostings(offset)) throw new IndexDamaged('block fails its checksum');
            return bytes.subarray(offset, offset + length);
          },
        }),
      searchIndexDamaged: async (damagedFormat: typeof format) => void told.push(damagedFormat.format),
    };
    const tiers = new ContextTierService({ sources: [source], searchEngine: engine, tokenizer: new BpeTokenizer() });
    await tiers.loadForSearch();
    assert.throws(() => tiers.search('keys'), IndexDamaged, 'a search outside `searching` meets the damage');
    const expected = engine.buildIndex(texts.map((text) => ({ text }))).search('keys');
    assert.deepEqual(await tiers.searching(() => tiers.search('keys')), expected);
    assert.deepEqual(told, [format.format]);
    assert.deepEqual(await tiers.searching(() => tiers.search('keys')), expected, 'later searches read the texts');
    assert.deepEqual(told, [format.format], 'the source is told once');
    await assert.rejects(
      tiers.searching(() => {
        throw new RangeError('not a damaged index');
      }),
      RangeError,
    );
  });

  it('resolves references by uri as well as by key', async () => {
    const { tiers } = contextOver({
      warm: [
        { key: 'auth', uri: 'uko-py:module/auth' },
        { key: 'login', module: 'uko-py:module/auth' },
      ],
    });
    await tiers.load();
    assert.deepEqual(tiers.neighbours(tiers.entries()[1]!), [0]);
  });

  it('searches the history tiers only', async () => {
    const { tiers } = contextOver({
      hot: [{ key: 'now', summary: 'rotate keys now' }],
      cold: [{ key: 'then', summary: 'rotate keys later' }],
    });
    await tiers.load();
    assert.deepEqual(
      tiers.searchHistory('rotate keys').map((e) => [e.key, e.tier]),
      [['then', 'cold']],
    );
    assert.deepEqual(tiers.searchHistory('nothing_like_this'), []);
  });

  it('adds records at run time to the index and the graph', async () => {
    const { tiers } = contextOver({ warm: [CHAIN[0]!] });
    await tiers.load();
    assert.equal(tiers.neighbourLists().ends.length, 1);
    await tiers.add({ key: 'late', summary: 'late arrival', about: 'chain/a' }, 'cold', 'test/late');
    assert.equal(tiers.searchHistory('arrival')[0]!.key, 'late');
    assert.deepEqual(tiers.neighbours(tiers.entries()[0]!), [1]);
    assert.deepEqual([...referencesOf(tiers.neighbourLists(), 1)], [0]);
  });

  it('refuses records without a key, naming the source', async () => {
    const { tiers } = contextOver({ warm: [{ summary: 'no key' } as unknown as ContextRecord] });
    await assert.rejects(tiers.load(), { code: 'CONTEXT_RECORD_INVALID', message: /test\/warm/ });
  });
});
