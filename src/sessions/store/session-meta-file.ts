import { EpError, ExitCode } from '../../kernel/errors.js';
import { JsonTextError, readJsonFile } from '../../limits/json-text.js';
import { writeFileAtomic } from '../../util/atomic-write.js';
import type { SessionPaths } from './session-paths.js';
import type { SessionMeta } from './session-store.js';

/** meta.json as written by `writeMeta`; anything else (a hand-edited or damaged file) is refused by name. */
export async function readMeta(paths: SessionPaths): Promise<SessionMeta> {
  const corrupt = (problem: string) =>
    new EpError('SESSION_CORRUPT', `${paths.meta} is damaged: ${problem}.`, {
      exitCode: ExitCode.validation,
      details: { path: paths.meta },
      suggestion: "Restore meta.json from the session's git history, or delete the session.",
    });
  let meta: unknown;
  try {
    meta = await readJsonFile(paths.meta, 'meta.json');
  } catch (cause) {
    if (cause instanceof JsonTextError) throw corrupt(cause.message);
    throw cause;
  }
  const fields = meta as Record<string, unknown> | null;
  if (
    fields === null ||
    typeof fields !== 'object' ||
    Array.isArray(fields) ||
    typeof fields.id !== 'string' ||
    typeof fields.turns !== 'number' ||
    typeof fields.updatedAt !== 'string'
  ) {
    throw corrupt('it is not a session meta object');
  }
  return fields as unknown as SessionMeta;
}

export async function writeMeta(paths: SessionPaths, meta: SessionMeta): Promise<void> {
  await writeFileAtomic(paths.meta, `${JSON.stringify(meta, null, 2)}\n`);
}
