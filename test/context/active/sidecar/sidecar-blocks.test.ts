import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { decodeSidecar, openSidecar, SidecarInvalid } from '../../../../src/context/active/sidecar/sidecar-decode.js';
import { encodeSidecar } from '../../../../src/context/active/sidecar/sidecar-format.js';
import { bm25IndexFile } from '../../../../src/search/bm25/bm25-index-file.js';

const stamp = { identity: '1:2:3:4:5', digest: 'c'.repeat(64) };
const records = Array.from({ length: 3000 }, (_, i) => ({ key: `k${i}`, summary: `record ${i} on pilot pricing `.repeat(4) }));

describe('a sidecar file, read in checked blocks', () => {
  let dir = '';
  before(async () => (dir = await mkdtemp(path.join(tmpdir(), 'ep-sidecar-blocks-'))));
  after(() => rm(dir, { recursive: true, force: true }));

  /** The sidecar with one byte of record `index` changed, written to a file and opened. */
  async function damagedAt(index: number) {
    const file = encodeSidecar(records, stamp, { index: bm25IndexFile });
    const { header } = decodeSidecar(file)!;
    const bodyStart = file.length - header.bodyBytes;
    const text = JSON.stringify(records[index]);
    const at = file.indexOf(text, bodyStart + header.sections.records![0]);
    assert.ok(at > 0);
    file[at + text.length - 3] = file[at + text.length - 3]! ^ 0x01;
    const where = path.join(dir, `damaged-${index}.eprc`);
    await writeFile(where, file);
    return openSidecar(where)!;
  }

  it('answers a get and a search from the blocks they read, unharmed by damage in a block they do not', async () => {
    const { source } = await damagedAt(1500);
    assert.equal(source.firstIndexOfKey!('k2999'), 2999);
    assert.deepEqual(source.record(2999), records[2999]);
    assert.deepEqual(source.record(0), records[0]);
    const hits = source.searchIndex!(bm25IndexFile)!.search('record 7', { topK: 3 });
    assert.equal(hits.length, 3);
  });

  it('fails the read that meets the damaged block with SidecarInvalid', async () => {
    const { source } = await damagedAt(1500);
    assert.throws(() => source.record(1500), SidecarInvalid);
    assert.throws(() => source.documents(['summary']), SidecarInvalid);
  });

  it('is refused whole when its file is cut short or grown', async () => {
    const file = encodeSidecar(records, stamp);
    const cut = path.join(dir, 'cut.eprc');
    await writeFile(cut, file.subarray(0, file.length - 1));
    assert.equal(openSidecar(cut), undefined);
    await writeFile(cut, Buffer.concat([file, Buffer.from(' ')]));
    assert.equal(openSidecar(cut), undefined);
    assert.equal(openSidecar(path.join(dir, 'missing.eprc')), undefined);
    assert.equal(openSidecar(dir), undefined, 'a directory');
  });
});
