import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bombId, commitBomb, looseObject, singleObjectPack, type BombObject } from './git-bombs.js';

/** Runs git in a fixture repository (with `input` on stdin) and returns its output. */
export type GitIn = (args: readonly string[], input?: string) => string;

/** A change made with git (and zlib) to a committed fixture repository before it is zipped. */
export type RepoEdit = (dir: string, git: GitIn) => void;

/** Three GiB: past every git object limit, and past what a 32-bit length or a V8 string can hold. */
export const BOMB_BYTES = 3 * 1024 ** 3;

function addLoose(dir: string, id: string, object: BombObject): void {
  const file = path.join(dir, '.git/objects', id.slice(0, 2), id.slice(2));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, looseObject(object));
}

function addPack(dir: string, id: string, object: BombObject): void {
  const { pack, index, name } = singleObjectPack(id, object);
  mkdirSync(path.join(dir, '.git/objects/pack'), { recursive: true });
  writeFileSync(path.join(dir, '.git/objects/pack', `${name}.pack`), pack);
  writeFileSync(path.join(dir, '.git/objects/pack', `${name}.idx`), index);
}

/** HEAD's branch moved to a commit of the same tree (so the archive's files still match it) inflating to `bytes`. */
export function commitBombAt(where: 'loose' | 'packed', bytes = BOMB_BYTES): RepoEdit {
  return (dir, git) => {
    const id = bombId(`${where} commit`);
    const object = commitBomb(git(['rev-parse', 'HEAD^{tree}']).trim(), bytes);
    if (where === 'loose') addLoose(dir, id, object);
    else addPack(dir, id, object);
    // Written as a file: `git update-ref` would parse the commit, all of it.
    writeFileSync(path.join(dir, '.git', git(['symbolic-ref', 'HEAD']).trim()), `${id}\n`);
  };
}

/**
 * A new commit whose `scenarios/000001.json` is a packed blob inflating to `bytes`, its tree and commit
 * made by git (which reads only the blob's header). The archive's own files stay those of the commit before.
 */
export function packedBlobBomb(bytes = BOMB_BYTES): RepoEdit {
  return (dir, git) => {
    const id = bombId('packed blob');
    addPack(dir, id, { type: 'blob', body: '{"key": "note.bomb", "summary": "', padding: bytes });
    const mktree = (listing: string) => git(['mktree'], listing).trim();
    const scenarios = git(['ls-tree', 'HEAD:scenarios']).replace(/^(100644 blob )[0-9a-f]{40}(\t000001\.json)$/m, `$1${id}$2`);
    const tree = git(['ls-tree', 'HEAD']).replace(/^(040000 tree )[0-9a-f]{40}(\tscenarios)$/m, `$1${mktree(scenarios)}$2`);
    git(['update-ref', 'HEAD', git(['commit-tree', mktree(tree), '-p', 'HEAD', '-m', 'Save ScenarioList']).trim()]);
  };
}

/**
 * A commit whose `scenarios/000001.json` is a real record file of about `bytes` bytes (made by git add and
 * commit), while the archive keeps the file as it was before: readers that find the archive's files unlike
 * HEAD's read HEAD's files through git.
 */
export function largeRecordBlob(bytes: number): RepoEdit {
  return (dir, git) => {
    const file = path.join(dir, 'scenarios/000001.json');
    const before = git(['show', 'HEAD:scenarios/000001.json']);
    writeFileSync(file, `{\n  "key": "note.alpha",\n  "summary": "${'x'.repeat(bytes)}"\n}\n`);
    git(['add', 'scenarios/000001.json']);
    git(['commit', '-q', '-m', 'Save ScenarioList']);
    writeFileSync(file, before);
  };
}
