import { zipSync, type Zippable } from 'fflate';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { edslWorktree, git, zipWorktree } from './storage-edsl-fixtures.js';
import { keyedRecords } from './storage-driver.js';

const EXECUTABLE = { os: 3, attrs: (0o100755 << 16) >>> 0 } as const;

/**
 * A package that tries every way git offers to run a command: config (fsmonitor, pager, hooksPath, filter
 * and diff drivers, ssh command), attributes in the tree and in `.git/info`, and hooks of every kind that
 * commits, ref updates, checkouts and gc fire. Each touches `marker`. Before zipping, the fixture proves it
 * is armed: a plain `git commit` in it touches the marker.
 */
export async function writeHostilePackage(target: string, marker: string): Promise<void> {
  const dir = await edslWorktree([{ records: keyedRecords(3), message: 'Save ScenarioList' }]);
  try {
    const touch = `touch ${JSON.stringify(marker)}`;
    await writeFile(path.join(dir, '.gitattributes'), '* filter=evil diff=evil merge=evil\n');
    await git(dir, ['add', '.gitattributes']);
    await git(dir, ['commit', '-q', '-m', 'Attributes']);
    await mkdir(path.join(dir, '.git/info'), { recursive: true });
    await writeFile(path.join(dir, '.git/info/attributes'), '* filter=evil diff=evil\n');
    const config = await readFile(path.join(dir, '.git/config'), 'utf8');
    await writeFile(
      path.join(dir, '.git/config'),
      `${config}[core]\n\tfsmonitor = ${touch}\n\tpager = ${touch}\n\tsshCommand = ${touch}\n\teditor = ${touch}\n` +
        `[filter "evil"]\n\tclean = ${touch}\n\tsmudge = ${touch}\n\trequired = true\n` +
        `[diff "evil"]\n\tcommand = ${touch}\n\ttextconv = ${touch}\n` +
        `[merge "evil"]\n\tdriver = ${touch}\n[alias]\n\tlog = !${touch}\n`,
    );
    const hook = `#!/bin/sh\n${touch}\n`;
    const hooks: Zippable = {};
    for (const name of [
      'pre-commit',
      'post-commit',
      'commit-msg',
      'reference-transaction',
      'post-checkout',
      'post-merge',
      'pre-push',
      'pre-auto-gc',
      'post-rewrite',
      'post-index-change',
      'fsmonitor-watchman',
    ]) {
      hooks[`.git/hooks/${name}`] = [new TextEncoder().encode(hook), EXECUTABLE];
      await writeFile(path.join(dir, '.git/hooks', name), hook, { mode: 0o755 });
    }
    await git(dir, ['commit', '-q', '--allow-empty', '-m', 'Arm check']).catch(() => undefined);
    const armed = await readFile(marker).then(
      () => true,
      () => false,
    );
    if (!armed) throw new Error('The hostile fixture is not armed: plain git did not run its hook.');
    await rm(marker);
    await git(dir, ['reset', '-q', '--soft', 'HEAD~1']).catch(() => undefined);
    await rm(marker, { force: true });
    await zipWorktree(dir, target, hooks);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A small archive whose one member is unsafe in the named way. */
export function unsafeArchive(kind: string): Uint8Array {
  const data = new TextEncoder().encode('payload\n');
  if (kind === 'that is a symlink')
    return zipSync({ 'manifest.json': [new TextEncoder().encode('/etc/passwd'), { os: 3, attrs: (0o120777 << 16) >>> 0 }] });
  if (kind === 'declaring 3 GB of content') {
    const bytes = zipSync({ 'manifest.json': [data, { level: 0 }] });
    const view = new DataView(bytes.buffer);
    for (let pos = bytes.length - 22; pos >= 0; pos -= 1) {
      if (view.getUint32(pos, true) === 0x02014b50) {
        view.setUint32(pos + 24, 3_000_000_000, true);
        break;
      }
    }
    return bytes;
  }
  const name = /named "(.+)"/.exec(kind)?.[1];
  if (!name) throw new Error(`Unknown unsafe member: ${kind}`);
  return zipSync({ 'manifest.json': data, [name]: data });
}
