import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { inflateInto } from '../../src/storage/zip/bounded-inflate.js';

/** `size + 1` bytes of room at `offset`, the rest of the target filled with a marker to see stray writes. */
function targetFor(offset: number, size: number, after = 16): Uint8Array {
  return new Uint8Array(offset + size + 1 + after).fill(0xee);
}

describe('inflating into place', () => {
  it('gives exactly the bytes zlib deflated, one member after another through the same stream', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 3_000 }), { minLength: 1, maxLength: 6 }), (contents) => {
        for (const content of contents) {
          const raw = deflateRawSync(content);
          const target = targetFor(5, content.length);
          assert.equal(inflateInto(raw, 0, raw.length, target, 5, content.length), true);
          assert.deepEqual(target.subarray(5, 5 + content.length), content);
          assert.ok(
            target.subarray(5 + content.length + 1).every((byte) => byte === 0xee),
            'nothing written past the spare byte',
          );
        }
      }),
    );
  });

  it('refuses a member that inflates to more or fewer bytes than declared', () => {
    const raw = deflateRawSync(Buffer.from('twelve bytes'));
    for (const declared of [11, 13, 0]) assert.equal(inflateInto(raw, 0, raw.length, targetFor(0, declared), 0, declared), false);
  });

  it('stops a deflate bomb at its declared size and writes nothing past the spare byte', () => {
    const raw = deflateRawSync(Buffer.alloc(64 << 20));
    const target = targetFor(0, 10);
    assert.equal(inflateInto(raw, 0, raw.length, target, 0, 10), false);
    assert.ok(target.subarray(11).every((byte) => byte === 0xee));
  });

  it('refuses broken or truncated DEFLATE data, and inflates the next member as usual', () => {
    const content = Buffer.from('a record file'.repeat(20));
    const raw = deflateRawSync(content);
    assert.equal(inflateInto(Buffer.from([0xff, 0xff, 0xff]), 0, 3, targetFor(0, 10), 0, 10), false);
    assert.equal(inflateInto(raw, 0, raw.length - 3, targetFor(0, content.length), 0, content.length), false);
    const target = targetFor(0, content.length);
    assert.equal(inflateInto(raw, 0, raw.length, target, 0, content.length), true);
    assert.deepEqual(Buffer.from(target.subarray(0, content.length)), content);
  });

  it('refuses ranges outside its buffers instead of reading or writing past them', () => {
    const raw = deflateRawSync(Buffer.from('abc'));
    assert.equal(inflateInto(raw, 1, raw.length, targetFor(0, 3), 0, 3), false);
    assert.equal(inflateInto(raw, 0, raw.length, new Uint8Array(3), 0, 3), false);
  });

  it('inflates through the public zlib path on a Node whose streams have no binding to drive', () => {
    // A child process whose zlib streams hide their binding, as another Node might shape them.
    const script = `
      import zlib from 'node:zlib';
      import { syncBuiltinESMExports } from 'node:module';
      let opened = 0;
      zlib.InflateRaw = class extends zlib.InflateRaw {
        constructor(options) { super(options); opened += 1; Object.defineProperty(this, '_handle', { value: undefined }); }
      };
      syncBuiltinESMExports();
      const { inflateInto } = await import(${JSON.stringify(new URL('../../src/storage/zip/bounded-inflate.js', import.meta.url).href)});
      const content = Buffer.from('a record file '.repeat(30));
      const raw = zlib.deflateRawSync(content);
      const target = new Uint8Array(content.length + 1);
      const exact = inflateInto(raw, 0, raw.length, target, 0, content.length);
      const same = Buffer.from(target.subarray(0, content.length)).equals(content);
      const larger = inflateInto(raw, 0, raw.length, new Uint8Array(content.length), 0, content.length - 1);
      const again = inflateInto(raw, 0, raw.length, target, 0, content.length);
      process.stdout.write(JSON.stringify({ exact, same, larger, again, opened }));
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.equal(child.status, 0, child.stderr);
    // One stream was tried and found without its binding; every member then took the public path.
    assert.deepEqual(JSON.parse(child.stdout), { exact: true, same: true, larger: false, again: true, opened: 1 });
  });
});
