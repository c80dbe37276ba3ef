import { execa } from 'execa';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { EP_BIN, type EpWorld } from './world.js';

/** The small file system's size; packages in these scenarios are far smaller. */
const DISK_BYTES = 1024 * 1024;

export interface FullDiskRun {
  /** Bytes left free on the small file system when `ep` starts. */
  readonly roomBytes: number;
  /** Whether the temporary directory (TMPDIR) is on the full file system too. */
  readonly tempOnDisk: boolean;
}

/**
 * Runs `ep` against a package on a real, nearly full file system: a 1 MiB tmpfs mounted in a private mount
 * namespace (`unshare`; as root, or through a user namespace otherwise), so the mount vanishes with the
 * process and nothing outside the scenario is touched. The package is copied onto it, a filler file takes
 * all but `roomBytes`, `ep` runs, and what the file system then holds is copied out to `after/` for the
 * checks. The command line names the package as `disk/<name>`.
 */
export async function runOnFullDisk(world: EpWorld, file: string, args: readonly string[], run: FullDiskRun): Promise<void> {
  const disk = world.resolve('disk');
  await mkdir(disk, { recursive: true });
  await mkdir(world.resolve('after'), { recursive: true });
  const script = [
    'set -e',
    `mount -t tmpfs -o size=${DISK_BYTES} ep-full-disk "$DISK"`,
    'cp "$PACKAGE" "$DISK/" && mkdir "$DISK/tmp"',
    'free=$(( $(df -B1 --output=avail "$DISK" | tail -n 1) - $ROOM ))',
    'head -c "$free" /dev/zero > "$DISK/filler"',
    'set +e',
    '"$NODE" "$EP_BIN" "$@" > "$OUT/stdout" 2> "$OUT/stderr"; echo $? > "$OUT/exit"',
    'cp -a "$DISK/." "$OUT/after/"',
  ].join('\n');
  const unshare = process.getuid?.() === 0 ? ['--mount'] : ['--map-root-user', '--mount'];
  await execa('unshare', [...unshare, '--propagation', 'private', 'sh', '-c', script, 'sh', ...args], {
    cwd: world.dir,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      DISK: disk,
      PACKAGE: world.resolve(file),
      ROOM: String(run.roomBytes),
      NODE: process.execPath,
      EP_BIN,
      OUT: world.dir,
      EP_HOME: world.home,
      NO_COLOR: '1',
      TMPDIR: run.tempOnDisk ? path.join(disk, 'tmp') : path.join(world.dir, '.tmp'),
    },
  });
  const stdout = await readFile(world.resolve('stdout'), 'utf8');
  let envelope: any;
  try {
    envelope = JSON.parse(stdout);
  } catch {
    envelope = undefined;
  }
  const exitCode = Number(await readFile(world.resolve('exit'), 'utf8'));
  world.last = { args: [...args], exitCode, stdout, stderr: await readFile(world.resolve('stderr'), 'utf8'), envelope };
}

/** What the full file system held after the run: file name → bytes (the temporary directory's entries as `tmp/<name>`). */
export async function fullDiskContents(world: EpWorld): Promise<Map<string, Buffer>> {
  const after = world.resolve('after');
  const contents = new Map<string, Buffer>();
  for (const entry of await readdir(after, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const name = path.relative(after, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    contents.set(name, await readFile(path.join(after, name)));
  }
  return contents;
}
