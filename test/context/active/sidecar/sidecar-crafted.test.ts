import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { crc32 } from 'node:zlib';
import { decodeSidecar, SidecarInvalid } from '../../../../src/context/active/sidecar/sidecar-decode.js';
import { encodeSidecar, PREFIX_BYTES } from '../../../../src/context/active/sidecar/sidecar-format.js';
import { Limits } from '../../../../src/limits/limits.js';
import { DEFAULT_SEARCH_FIELDS, searchDocuments } from '../../../../src/records/document-text.js';
import { Bm25SearchEngine } from '../../../../src/search/bm25/bm25-engine.js';
import { bm25IndexFile } from '../../../../src/search/bm25/bm25-index-file.js';

const stamp = { identity: '1:2:3:4:5', digest: 'b'.repeat(64) };
const records = [
  { key: 'a', summary: 'pilot pricing' },
  { key: 'b', summary: 'consent' },
];

/** A sidecar whose header is rewritten by `change`, with a correct checksum: damage a CRC cannot see. */
function crafted(change: (header: Record<string, unknown>) => void, body?: (body: Buffer) => void): Buffer {
  const file = encodeSidecar(records, stamp);
  const headerLength = file.readUInt32LE(8);
  const header = JSON.parse(file.toString('utf8', PREFIX_BYTES, PREFIX_BYTES + headerLength)) as Record<string, unknown>;
  change(header);
  const bodyBytes = Buffer.from(file.subarray(PREFIX_BYTES + headerLength));
  body?.(bodyBytes);
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const out = Buffer.concat([Buffer.alloc(PREFIX_BYTES), headerBytes, bodyBytes]);
  file.copy(out, 0, 0, 8);
  out.writeUInt32LE(headerBytes.length, 8);
  out.writeUInt32LE(crc32(out.subarray(PREFIX_BYTES)), 12);
  return out;
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

  it('is refused when record offsets descend, and a column whose offsets miss its end fails when first read', () => {
    const at = (name: string) => (h: Record<string, unknown>) => (h.sections as Sections)[name]![0];
    let offset = 0;
    const swapped = crafted(
      (h) => (offset = at('recordEnds')(h)),
      (body) => body.writeUInt32LE(body.readUInt32LE(offset + 4) + 1, offset),
    );
    assert.equal(decodeSidecar(swapped), undefined);
    const short = crafted(
      (h) => (offset = at('ends:summary')(h)),
      (body) => body.writeUInt32LE(body.readUInt32LE(offset + 4) - 1, offset + 4),
    );
    // Columns are checked when first read, so a `get` decodes only the keys.
    const decoded = decodeSidecar(short)!;
    assert.equal(decoded.source.stringField(1, 'key'), 'b');
    assert.throws(() => decoded.source.documents(undefined), SidecarInvalid);
  });

  it('throws SidecarInvalid when its search index fails its checks, and keeps none in another format', () => {
    const withIndex = (body?: (body: Buffer, index: number) => void) => {
      let offset = 0;
      const file = encodeSidecar(records, stamp, bm25IndexFile);
      const headerLength = file.readUInt32LE(8);
      const header = JSON.parse(file.toString('utf8', PREFIX_BYTES, PREFIX_BYTES + headerLength)) as { sections: Sections };
      offset = header.sections.index![0];
      const bytes = Buffer.from(file);
      body?.(bytes.subarray(PREFIX_BYTES + headerLength), offset);
      bytes.writeUInt32LE(crc32(bytes.subarray(PREFIX_BYTES)), 12);
      return decodeSidecar(bytes)!;
    };
    assert.deepEqual(
      withIndex().source.searchIndex!(bm25IndexFile)!.search('pilot'),
      new Bm25SearchEngine().buildIndex(searchDocuments(records, undefined), { fields: DEFAULT_SEARCH_FIELDS }).search('pilot'),
    );
    assert.equal(withIndex().source.searchIndex!({ ...bm25IndexFile, format: 'other-v1' }), undefined);
    assert.equal(decodeSidecar(encodeSidecar(records, stamp))!.source.searchIndex!(bm25IndexFile), undefined, 'no index kept');
    // A record too large for ep to write (one from elsewhere) makes its package rank the columns instead.
    const huge = decodeSidecar(
      encodeSidecar([...records, { key: 'c', summary: 'x'.repeat(Limits.recordBytes + 1) }], stamp, bm25IndexFile),
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
