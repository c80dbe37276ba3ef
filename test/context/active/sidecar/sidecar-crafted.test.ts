import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeSidecar, SidecarInvalid } from '../../../../src/context/active/sidecar/sidecar-decode.js';
import { assembleSidecar, encodeSidecar, type SidecarContents } from '../../../../src/context/active/sidecar/sidecar-format.js';
import { Limits } from '../../../../src/limits/limits.js';
import { DEFAULT_SEARCH_FIELDS, searchDocuments } from '../../../../src/records/document-text.js';
import { Bm25SearchEngine } from '../../../../src/search/bm25/bm25-engine.js';
import { bm25IndexFile } from '../../../../src/search/bm25/bm25-index-file.js';

const stamp = { identity: '1:2:3:4:5', digest: 'b'.repeat(64) };
const records = [
  { key: 'a', summary: 'pilot pricing' },
  { key: 'b', summary: 'consent' },
];

/** A sidecar's header and body, taken apart to be changed and put together again. */
function parts(file: Buffer): { header: Record<string, unknown>; body: Buffer } {
  const decoded = decodeSidecar(file)!;
  return { header: structuredClone(decoded.header) as unknown as Record<string, unknown>, body: Buffer.from(decoded.body()) };
}

/** A sidecar whose header is rewritten by `change`, with correct checksums: damage a CRC cannot see. */
function crafted(change: (header: Record<string, unknown>) => void, body?: (body: Buffer) => void, index?: typeof bm25IndexFile): Buffer {
  const { header, body: bytes } = parts(encodeSidecar(records, stamp, { index }));
  change(header);
  body?.(bytes);
  return assembleSidecar(header as unknown as SidecarContents, bytes);
}

type Sections = Record<string, [number, number]>;

describe('a sidecar with a valid checksum and inconsistent contents', () => {
  it('is refused when a section lies outside the body, has the wrong size or is missing', () => {
    assert.ok(decodeSidecar(crafted(() => undefined)), 'the unchanged rewrite reads');
    const cases: ((header: Record<string, unknown>) => void)[] = [
      (h) => ((h.sections as Sections).records![1] += 1_000_000),
      (h) => ((h.sections as Sections).recordEnds![1] -= 4),
      (h) => ((h.sections as Sections)['keyEnds']![0] += 1),
      (h) => delete (h.sections as Sections)['text:summary'],
      (h) => (h.count = 3),
      (h) => (h.count = -1),
      (h) => (h.fields = ['key']),
      (h) => (h.digest = 'not a digest'),
      (h) => ((h.sections as Sections).keys = [0, -1] as never),
    ];
    for (const change of cases) assert.equal(decodeSidecar(crafted(change)), undefined, change.toString());
  });

  it('fails its first record read when record offsets descend, and a column whose offsets miss its end fails when first read', () => {
    const at = (name: string) => (h: Record<string, unknown>) => (h.sections as Sections)[name]![0];
    let offset = 0;
    const swapped = crafted(
      (h) => (offset = at('recordEnds')(h)),
      (body) => body.writeUInt32LE(body.readUInt32LE(offset + 4) + 1, offset),
    );
    // Sections are read when first needed, so the keys still answer.
    assert.equal(decodeSidecar(swapped)!.source.stringField(0, 'key'), 'a');
    assert.throws(() => decodeSidecar(swapped)!.source.record(0), SidecarInvalid);
    const short = crafted(
      (h) => (offset = at('ends:summary')(h)),
      (body) => body.writeUInt32LE(body.readUInt32LE(offset + 4) - 1, offset + 4),
    );
    const decoded = decodeSidecar(short)!;
    assert.equal(decoded.source.stringField(1, 'key'), 'b');
    assert.throws(() => decoded.source.documents(undefined), SidecarInvalid);
  });

  it('throws SidecarInvalid when its search index fails its checks, and keeps none in another format', () => {
    const withIndex = (body?: (body: Buffer, index: number) => void) => {
      let offset = 0;
      return decodeSidecar(
        crafted(
          (h) => (offset = (h.sections as Sections).index![0]),
          (bytes) => body?.(bytes, offset),
          bm25IndexFile,
        ),
      )!;
    };
    assert.deepEqual(
      withIndex().source.searchIndex!(bm25IndexFile)!.search('pilot'),
      new Bm25SearchEngine().buildIndex(searchDocuments(records, undefined), { fields: DEFAULT_SEARCH_FIELDS }).search('pilot'),
    );
    assert.equal(withIndex().source.searchIndex!({ ...bm25IndexFile, format: 'other-v1' }), undefined);
    assert.equal(decodeSidecar(encodeSidecar(records, stamp))!.source.searchIndex!(bm25IndexFile), undefined, 'no index kept');
    // A record too large for ep to write (one from elsewhere) makes its package rank the columns instead.
    const huge = decodeSidecar(
      encodeSidecar([...records, { key: 'c', summary: 'x'.repeat(Limits.recordBytes + 1) }], stamp, { index: bm25IndexFile }),
    )!;
    assert.equal(huge.header.index, undefined);
    assert.equal(huge.source.searchIndex!(bm25IndexFile), undefined);
    // Word 2 of the index is its document count: one more than the records is refused.
    const damaged = withIndex((body, at) => body.writeUInt32LE(body.readUInt32LE(at + 8) + 1, at + 8));
    assert.throws(() => damaged.source.searchIndex!(bm25IndexFile), SidecarInvalid);
  });

  it('reads, then throws SidecarInvalid on a record text that is not a JSON object', () => {
    let offset = 0;
    const broken = crafted(
      (h) => (offset = (h.sections as Sections).records![0]),
      (body) => body.write('[', offset),
    );
    const decoded = decodeSidecar(broken)!;
    assert.equal(decoded.source.stringField(0, 'key'), 'a');
    assert.throws(() => decoded.source.record(0), SidecarInvalid);
    assert.deepEqual(decoded.source.record(1), records[1]);
  });
});
