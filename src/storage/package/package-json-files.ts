import type { EpError } from '../../kernel/errors.js';
import { jsonTextDeeperThan, jsonTextDepth, limitExceeded, Limits } from '../../limits/limits.js';
import type { Scenario } from '../../records/scenario.js';
import { unreadableRecord } from '../../records/unreadable-record.js';
import type { ReadOptions } from '../git/batch-object-reader.js';
import { topLevelScalars } from '../json/top-level-fields.js';
import type { ZipDirectory } from '../zip/zip-directory.js';

/**
 * The bounds on the files of a package read as JSON (`manifest.json`, `codebook.json`, `scenarios/*.json`):
 * their size (Limits.packageJsonFileBytes), checked on what the archive or git declares before any byte is
 * inflated or read, and their nesting depth (Limits.nestingDepth), checked on the text before it is parsed.
 */
const JSON_FILE = /^(manifest\.json|codebook\.json|scenarios\/\d+\.json)$/;

export function jsonFileTooLarge(where: string, file: string, size: number): EpError {
  return limitExceeded(`The size of ${file} in ${where}`, size, Limits.packageJsonFileBytes, 'bytes', { path: where, file });
}

/** Refuses an archive whose JSON files (among the members at `positions`) declare more bytes than the limit, before they are inflated. */
export function assertJsonMemberSizes(directory: ZipDirectory, positions: readonly number[], where: string): void {
  const { size } = directory.columns;
  // Index loops over the 100,000 members of a large package: a `for...of` makes an iterator result per step
  // until the loop is optimised, which this single pass never waits for.
  for (let i = 0; i < positions.length; i += 1) {
    const at = positions[i]!;
    const name = directory.names[at]!;
    if (size[at]! > Limits.packageJsonFileBytes && JSON_FILE.test(name)) throw jsonFileTooLarge(where, name, size[at]!);
  }
}

/** Reads of JSON files through git: refused as soon as git announces more bytes than the limit. */
export function jsonFileReadOptions(where: string, pathOf: (id: string) => string): ReadOptions {
  return { maxBytes: Limits.packageJsonFileBytes, tooLarge: ({ id, size }) => jsonFileTooLarge(where, pathOf(id), size) };
}

/** The error for JSON text nested past the depth limit, or undefined when it is within it. */
export function tooDeep(where: string, file: string, text: string): EpError | undefined {
  if (!jsonTextDeeperThan(text)) return undefined;
  return limitExceeded(`The nesting depth of ${file} in ${where}`, jsonTextDepth(text), Limits.nestingDepth, 'levels', {
    path: where,
    file,
  });
}

/** Refuses a package file (the manifest, the codebook) nested past the depth limit. */
export function assertNotTooDeep(where: string, file: string, text: string): void {
  const error = tooDeep(where, file, text);
  if (error) throw error;
}

/**
 * A stored record nested past the depth limit, or undefined when it is within it. Such a record is kept, so
 * writes carry it unchanged, but never parsed (its top-level fields are read by a flat scan); reading it
 * gives LIMIT_EXCEEDED (see unreadable-record.ts), and the load warns about it.
 */
export function unreadableIfTooDeep(where: string, file: string, text: string, warnings: string[]): Scenario | undefined {
  const reason = tooDeep(where, file, text);
  if (!reason) return undefined;
  warnings.push(
    `${where}: ${file} is nested ${String(reason.details?.actual)} levels deep (the limit is ${Limits.nestingDepth}); ` +
      'it is left out of reads and kept as it is by writes.',
  );
  return unreadableRecord(topLevelScalars(text) ?? {}, { storedText: text, reason });
}
