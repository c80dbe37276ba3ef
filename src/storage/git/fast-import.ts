import type { RepoDir } from './repo-dir.js';

export const EDSL_AUTHOR = 'EDSL <edsl@example.invalid>';

export interface CommitRequest {
  readonly branch: string;
  readonly parent: string | undefined;
  readonly message: string;
  readonly changed: ReadonlyArray<readonly [path: string, bytes: Uint8Array]>;
  readonly deleted: readonly string[];
  readonly when: Date;
}

/**
 * Makes one real commit on `branch` with `git fast-import`: only the changed and deleted files are sent,
 * on top of the parent's tree, and no working tree is needed on disk. One process, whatever the number of
 * files; the message ends in a newline as `git commit` stores it.
 */
export async function commitWithFastImport(repo: RepoDir, request: CommitRequest): Promise<void> {
  const parts: Buffer[] = [];
  const text = (value: string) => parts.push(Buffer.from(value, 'utf8'));
  const seconds = Math.floor(request.when.getTime() / 1000);
  const message = Buffer.from(request.message.endsWith('\n') ? request.message : `${request.message}\n`, 'utf8');
  text(`commit refs/heads/${request.branch}\n`);
  text(`author ${EDSL_AUTHOR} ${seconds} +0000\ncommitter ${EDSL_AUTHOR} ${seconds} +0000\n`);
  text(`data ${message.length}\n`);
  parts.push(message);
  text('\n');
  if (request.parent) text(`from ${request.parent}\n`);
  for (const path of request.deleted) text(`D ${path}\n`);
  for (const [path, bytes] of request.changed) {
    text(`M 100644 inline ${path}\ndata ${bytes.length}\n`);
    parts.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    text('\n');
  }
  text('\n');
  await repo.git.run(['fast-import', '--quiet', '--date-format=raw'], { input: Buffer.concat(parts) });
}
