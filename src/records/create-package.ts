import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostics } from '../diagnostics/diagnostics.js';
import { EpError, ExitCode } from '../kernel/errors.js';
import { readRecordsFile } from './read-records-file.js';
import { ScenarioList } from './scenario-list.js';
import type { PackageStore } from '../storage/package-store-contract.js';
import { assertParentDirectory } from '../context/active/package-path.js';

/** Inputs at least this large show a progress bar (on a terminal). */
export const PROGRESS_THRESHOLD_BYTES = 1024 * 1024;

export interface CreatePackageResult {
  readonly path: string;
  readonly n_scenarios: number;
  readonly commit: string;
  readonly message: string;
}

/**
 * `ep scenarios create --from-json FILE --output X.ep`: a new package from a JSON array or JSON Lines file.
 * An existing output is refused, so creating never overwrites someone's package.
 */
export async function createPackage(
  services: { store: PackageStore; diagnostics: Diagnostics; cwd: string },
  input: string,
  output: string,
  options: { message?: string } = {},
): Promise<CreatePackageResult> {
  const source = path.resolve(services.cwd, input);
  const target = path.resolve(services.cwd, output);
  if (await stat(target).catch(() => undefined)) {
    throw new EpError('FILE_EXISTS', `${output} already exists; ep scenarios create makes a new package.`, {
      exitCode: ExitCode.general,
      details: { path: output },
      suggestion: 'Choose another output path, or add records to the existing package (`ep context upsert --path ...`).',
    });
  }
  await assertParentDirectory(target, output);
  const size = (await stat(source).catch(() => undefined))?.size ?? 0;
  const showProgress = size >= PROGRESS_THRESHOLD_BYTES;
  const records = await readRecordsFile(
    source,
    showProgress ? { onProgress: (done, total) => services.diagnostics.progress('Reading records', done, total) } : {},
  );
  const message = options.message ?? 'Create ScenarioList';
  const saved = await services.store.save(target, new ScenarioList(records), { message });
  return { path: output, n_scenarios: records.length, commit: saved.commit, message };
}
