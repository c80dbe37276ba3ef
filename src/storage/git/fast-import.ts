import { flatTree, writeLooseObject } from './loose-objects.js';
import type { RepoDir } from './repo-dir.js';

export const EDSL_AUTHOR = 'EDSL <edsl@example.invalid>';

export interface CommitRequest {
  /** The ref the commit moves: `refs/heads/<branch>`, or `HEAD` itself when HEAD is detached. */
  readonly ref: string;
  readonly parent: string | undefined;
  readonly message: string;
  readonly changed: ReadonlyArray<readonly [path: string, bytes: Uint8Array]>;
  readonly deleted: readonly string[];
  readonly when: Date;
  /**
   * Flat directories to set as a whole (directory → file name → blob id): their tree is written directly
   * and the commit points at it, instead of editing thousands of entries one by one (which fast-import
   * does in time quadratic in the directory's size). Changed files inside them are sent as plain blobs.
   */
  readonly flatDirectories?: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

/**
 * Makes one real commit on `ref` with `git fast-import`: only the changed and deleted files are sent,
 * on top of the parent's tree, and no working tree is needed on disk. One process, whatever the number of
 * files; the message ends in a newline as `git commit` stores it.
 */
export async function commitWithFastImport(repo: RepoDir, request: CommitRequest): Promise<void> {
  const parts: Buffer[] = [];
  const text = (value: string) => parts.push(Buffer.from(value, 'utf8'));
  const flat = request.flatDirectories ?? new Map<string, ReadonlyMap<string, string>>();
  const inFlat = (file: string) => flat.has(file.slice(0, Math.max(0, file.lastIndexOf('/'))));
  const trees = new Map<string, string>();
  for (const [dir, files] of flat) {
    if (files.size === 0) continue;
    const tree = flatTree(files);
    await writeLooseObject(repo.gitDir, 'tree', tree.id, tree.body);
    trees.set(dir, tree.id);
  }
  for (const [file, bytes] of request.changed) {
    if (!inFlat(file)) continue;
    text(`blob\ndata ${bytes.length}\n`);
    parts.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    text('\n');
  }
  const seconds = Math.floor(request.when.getTime() / 1000);
  const message = Buffer.from(request.message.endsWith('\n') ? request.message : `${request.message}\n`, 'utf8');
  text(`commit ${request.ref}\n`);
  text(`author ${EDSL_AUTHOR} ${seconds} +0000\ncommitter ${EDSL_AUTHOR} ${seconds} +0000\n`);
  text(`data ${message.length}\n`);
  parts.push(message);
  text('\n');
  if (request.parent) text(`from ${request.parent}\n`);
  for (const path of request.deleted) if (!inFlat(path)) text(`D ${path}\n`);
  for (const dir of flat.keys()) text(trees.has(dir) ? `M 040000 ${trees.get(dir)} ${dir}\n` : `D ${dir}\n`);
  for (const [path, bytes] of request.changed) {
    if (inFlat(path)) continue;
    text(`M 100644 inline ${path}\ndata ${bytes.length}\n`);
    parts.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    text('\n');
  }
  text('\n');
  await repo.git.run(['fast-import', '--quiet', '--date-format=raw'], { input: Buffer.concat(parts) });
}
