import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { blobId, treeIdOf, treeIdOfOrdered } from '../../src/storage/git/git-objects.js';

/** The tree id git itself writes for `files` (path → content), from a fresh repository's index. */
function gitTreeId(files: ReadonlyMap<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ep-tree-id-'));
  try {
    const git = (...args: string[]) => execFileSync('git', ['-c', 'core.quotepath=off', ...args], { cwd: dir, encoding: 'utf8' }).trim();
    git('init', '-q');
    for (const [file, content] of files) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
    git('add', '-A');
    return git('write-tree');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const idsOf = (files: ReadonlyMap<string, string>) => new Map([...files].map(([file, content]) => [file, blobId(Buffer.from(content))]));

describe('tree ids', () => {
  it('equal the ids git writes, with names that sort differently as directories and as files', () => {
    const files = new Map([
      ['a-b', 'dash'],
      ['a.c', 'dot'],
      ['a/b', 'in a'],
      ['a/c/d.json', 'deeper'],
      ['a0', 'digit'],
      ['scenarios/000002.json', '{"n": 2}'],
      ['scenarios/000010.json', '{"n": 10}'],
      ['scenarios/000011.json', '{"n": 11}'],
      ['scenarios/000012.json', '{"n": 12}'],
      ['scenarios/sub/000001.json', '{"n": 1}'],
      ['scenarios/sub/000003.json', '{"n": 3}'],
      ['scenarios/sub/000004.json', '{"n": 4}'],
      ['scenarios/zz.json', 'after the subdirectory'],
      ['scenarios.json', 'beside the directory'],
      ['ünïcode/名前.json', 'non-ASCII names sort by their UTF-8 bytes'],
      ['z', 'last'],
    ]);
    assert.equal(treeIdOf(idsOf(files)), gitTreeId(files));
  });

  it('do not depend on the order the files are given in', () => {
    const files = [...idsOf(new Map(Array.from({ length: 300 }, (_, i) => [`scenarios/${String(i).padStart(6, '0')}.json`, `${i}`])))];
    const reversed = new Map(files.reverse());
    assert.equal(treeIdOf(reversed), treeIdOf(new Map(files.reverse())));
  });

  it('equal git’s for any set of nested paths', () => {
    const segment = fc.stringMatching(/^[a-zA-Z0-9._é-]{1,6}$/).filter((name) => name !== '.' && name !== '..' && name !== '.git');
    const paths = fc.uniqueArray(fc.array(segment, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 }).map((lists) => {
      // A path cannot be both a file and a directory: keep those no other path runs through.
      const all = lists.map((parts) => parts.join('/'));
      return all.filter((file) => !all.some((other) => other.startsWith(`${file}/`)));
    });
    fc.assert(
      fc.property(paths, (list) => {
        const files = new Map(list.map((file, i) => [file, `content ${i}`]));
        assert.equal(treeIdOf(idsOf(files)), gitTreeId(files));
      }),
      { numRuns: 25 },
    );
  });

  it('equal git’s for paths crowded into a few directories, where each directory holds many entries', () => {
    // A small alphabet, so paths share their directories: a directory's last path is found by bisection.
    const segment = fc.stringMatching(/^[ab0.-]{1,2}$/).filter((name) => name !== '.' && name !== '..');
    const paths = fc.uniqueArray(fc.array(segment, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 40 }).map((lists) => {
      const all = [...new Set(lists.map((parts) => parts.join('/')))];
      return all.filter((file) => !all.some((other) => other.startsWith(`${file}/`)));
    });
    fc.assert(
      fc.property(paths, (list) => {
        const files = new Map(list.map((file, i) => [file, `content ${i}`]));
        assert.equal(treeIdOf(idsOf(files)), gitTreeId(files));
      }),
      { numRuns: 25 },
    );
  });

  it('are the same computed from paths where they lie in other bytes, in git’s order, as from a map of them', () => {
    const segment = fc.stringMatching(/^[a-zA-Z0-9._-]{1,6}$/).filter((name) => name !== '.' && name !== '..');
    const paths = fc.uniqueArray(fc.array(segment, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 40 }).map((lists) => {
      const all = [...new Set(lists.map((parts) => parts.join('/')))];
      return all.filter((file) => !all.some((other) => other.startsWith(`${file}/`))).sort();
    });
    fc.assert(
      fc.property(paths, fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 40, maxLength: 40 }), (list, gaps) => {
        const files = idsOf(new Map(list.map((file, i) => [file, `content ${i}`])));
        // Each path behind a gap of other bytes, as names lie between the headers of a central directory.
        const pieces: Buffer[] = [];
        const starts: number[] = [];
        const ends: number[] = [];
        let at = 0;
        list.forEach((file, i) => {
          pieces.push(Buffer.alloc(gaps[i]!, 0x2f), Buffer.from(file));
          starts.push(at + gaps[i]!);
          at += gaps[i]! + file.length;
          ends.push(at);
        });
        const ids = Buffer.from(list.map((file) => files.get(file)).join(''), 'hex');
        assert.equal(treeIdOfOrdered(Buffer.concat(pieces), starts, ends, ids), treeIdOf(files));
      }),
      { numRuns: 200 },
    );
  });

  it('refuse an id that is not 40 hex digits', () => {
    assert.throws(() => treeIdOf(new Map([['a', 'not-hex']])), /40-digit hex/);
  });

  it('refuse a path holding NUL, which would shift the paths after it', () => {
    const id = blobId(Buffer.from('x'));
    assert.throws(
      () =>
        treeIdOf(
          new Map([
            ['a\0b', id],
            ['c', id],
          ]),
        ),
      /NUL/,
    );
  });
});
