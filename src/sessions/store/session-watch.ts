import { statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { SessionPaths } from './session-paths.js';

/** A watch on one session's files; `close` stops it (calling it again does nothing). */
export interface SessionWatch {
  close(): void;
}

export interface SessionWatchOptions {
  /** Changes closer together than this are reported once (default 75 ms). */
  readonly debounceMs?: number;
  /** How often the files are also polled, for file systems where `fs.watch` misses or lacks events (default 1000 ms). */
  readonly pollMs?: number;
}

/**
 * Calls `onChange` when the session's log or meta.json changes. The log is appended to and meta.json is
 * replaced by a rename, so the directories are watched rather than the files, and a change is reported only
 * when the files' size or modification time moved: a directory event for a temporary file reports nothing.
 */
export function watchSessionFiles(paths: SessionPaths, onChange: () => void, options: SessionWatchOptions = {}): SessionWatch {
  const debounceMs = options.debounceMs ?? 75;
  let last = signature(paths);
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const check = () => {
    timer = undefined;
    if (closed) return;
    const now = signature(paths);
    if (now === last) return;
    last = now;
    onChange();
  };
  const schedule = () => {
    if (!closed && timer === undefined) timer = setTimeout(check, debounceMs);
  };
  const watchers: FSWatcher[] = [];
  for (const dir of [paths.dir, path.dirname(paths.log)]) {
    try {
      const watcher = watch(dir, { persistent: false }, schedule);
      // A deleted directory or an exhausted watch limit leaves the poll below to notice changes.
      watcher.on('error', () => watcher.close());
      watchers.push(watcher);
    } catch {
      // Not watchable here (missing, or no inotify): the poll covers it.
    }
  }
  const poll = setInterval(schedule, options.pollMs ?? 1000);
  poll.unref();
  return {
    close() {
      closed = true;
      clearInterval(poll);
      if (timer) clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}

function signature(paths: SessionPaths): string {
  return [paths.log, paths.meta]
    .map((file) => {
      try {
        const stat = statSync(file);
        return `${stat.size}:${stat.mtimeMs}`;
      } catch {
        return '-';
      }
    })
    .join('|');
}
