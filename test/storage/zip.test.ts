import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unzipSync, zipSync } from 'fflate';
import { inflateMember, readZip, readZipDirectory } from '../../src/storage/zip/zip-reader.js';
import { writeZip } from '../../src/storage/zip/zip-writer.js';
import { unsafeMemberName } from '../../src/storage/zip/member-names.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('zip archives', () => {
  it('writes sorted regular files that an independent reader unpacks', () => {
    const archive = writeZip([
      { name: 'b.json', data: bytes('B') },
      { name: 'a/c.json', data: bytes('C'.repeat(1000)) },
      { name: '.git/HEAD', data: bytes('ref'), store: true },
    ]);
    const files = unzipSync(new Uint8Array(archive));
    assert.deepEqual(Object.keys(files), ['.git/HEAD', 'a/c.json', 'b.json']);
    assert.equal(new TextDecoder().decode(files['a/c.json']), 'C'.repeat(1000));
    const members = readZip(archive, 'x.ep');
    assert.deepEqual(
      members.map((m) => [m.name, m.method, (m.unixMode & 0o170000).toString(8)]),
      [
        ['.git/HEAD', 0, '100000'],
        ['a/c.json', 8, '100000'],
        ['b.json', 8, '100000'],
      ],
    );
  });

  it('copies reused members byte for byte', () => {
    const first = writeZip([{ name: 'a', data: bytes('hello hello hello') }]);
    const [member] = readZip(first, 'first');
    const second = writeZip([
      { name: 'a', reuse: member! },
      { name: 'b', data: bytes('x') },
    ]);
    assert.equal(inflateMember(readZip(second, 'second')[0]!, 'second').toString(), 'hello hello hello');
  });

  it('refuses a member whose sizes point to a ZIP64 field that is missing or cut short', () => {
    const archive = writeZip([{ name: 'a.json', data: bytes('{"a": 1}\n') }]);
    const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
    let directory = archive.length - 22;
    while (view.getUint32(directory, true) !== 0x02014b50) directory -= 1;
    view.setUint32(directory + 20, 0xffffffff, true);
    assert.throws(
      () => readZip(archive, 'x.ep'),
      (error: { code: string; message: string }) =>
        error.code === 'INVALID_PACKAGE' && /ZIP64 extra field for "a.json"/.test(error.message),
    );
  });

  it('uses ZIP64 end records past 65,535 members', () => {
    const inputs = Array.from({ length: 70_000 }, (_, i) => ({
      name: `f/${String(i).padStart(6, '0')}`,
      data: new Uint8Array(0),
      store: true,
    }));
    const members = readZip(writeZip(inputs), 'wide.ep');
    assert.equal(members.length, 70_000);
    assert.equal(members[69_999]!.name, 'f/069999');
  });

  it('answers by name from the directory what the members list says, and makes each member when asked', () => {
    const archive = zipSync({ 'manifest.json': bytes('{}'), 'dir/': new Uint8Array(0), 'scenarios/1.json': bytes('{"k": 1}'.repeat(50)) });
    const directory = readZipDirectory(archive, 'p.ep');
    const members = readZip(archive, 'p.ep');
    assert.deepEqual(directory.names, ['manifest.json', 'scenarios/1.json']);
    for (const [at, member] of members.entries()) {
      assert.equal(directory.positionOf(member.name), at);
      assert.deepEqual(directory.member(member.name), member);
      assert.equal(
        inflateMember(directory.memberAt(at), 'p.ep').toString(),
        member.name === 'manifest.json' ? '{}' : '{"k": 1}'.repeat(50),
      );
    }
    assert.equal(directory.has('dir/'), false);
    assert.equal(directory.member('absent.json'), undefined);
  });

  it('refuses a directory that claims more entries than its bytes can hold', () => {
    const archive = zipSync({ a: bytes('x'), b: bytes('y') });
    const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
    const end = archive.length - 22;
    view.setUint16(end + 8, 60_000, true);
    view.setUint16(end + 10, 60_000, true);
    assert.throws(
      () => readZipDirectory(archive, 'claims.ep'),
      (error: { code: string; message: string }) => error.code === 'INVALID_PACKAGE' && /broken central directory/.test(error.message),
    );
  });

  it('reads archives written by another zip writer', () => {
    const archive = zipSync({ 'manifest.json': bytes('{}'), 'dir/': new Uint8Array(0) });
    assert.deepEqual(
      readZip(archive, 'other.ep').map((m) => m.name),
      ['manifest.json'],
    );
  });

  it('refuses what is not a zip, unsafe names, symlinks and oversized content', () => {
    const code = (expected: string, body: () => unknown) => assert.throws(body, (error: { code: string }) => error.code === expected);
    code('INVALID_PACKAGE', () => readZip(bytes('plain text'), 'notes.ep'));
    code('INVALID_PACKAGE', () => readZip(zipSync({ '../evil': bytes('x') }), 'bad.ep'));
    code('INVALID_PACKAGE', () => readZip(zipSync({ link: [bytes('/etc/passwd'), { os: 3, attrs: (0o120777 << 16) >>> 0 }] }), 'bad.ep'));
    code('LIMIT_EXCEEDED', () => readZip(zipSync({ a: bytes('x'.repeat(100)) }), 'big.ep', { maxEntries: 10, maxTotalBytes: 50 }));
    code('LIMIT_EXCEEDED', () => readZip(zipSync({ a: bytes('x'), b: bytes('y') }), 'many.ep', { maxEntries: 1, maxTotalBytes: 1e9 }));
  });

  it('refuses an archive that holds one name twice', () => {
    const archive = writeZip([
      { name: 'manifest.json', data: bytes('{}') },
      { name: 'manifest.json', data: bytes('{"x": 1}') },
    ]);
    assert.throws(
      () => readZip(archive, 'twice.ep'),
      (error: { code: string }) => error.code === 'INVALID_PACKAGE',
    );
  });

  it('does not inflate past the declared size', () => {
    const archive = zipSync({ a: bytes('x'.repeat(10_000)) });
    const [member] = readZip(archive, 'liar.ep');
    assert.throws(
      () => inflateMember({ ...member!, size: 100 }, 'liar.ep'),
      (error: { code: string }) => error.code === 'INVALID_PACKAGE',
    );
  });
});

describe('unsafeMemberName', () => {
  for (const name of ['/etc/passwd', '../x', 'a/../../x', 'a//b', './a', 'C:/x', 'a\\b', '']) {
    it(`refuses ${JSON.stringify(name)}`, () => assert.ok(unsafeMemberName(name)));
  }
  for (const name of ['manifest.json', '.git/objects/ab/cdef', 'scenarios/000001.json', 'a..b/c']) {
    it(`accepts ${JSON.stringify(name)}`, () => assert.equal(unsafeMemberName(name), undefined));
  }
});
