import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EpError, ExitCode } from '../kernel/errors.js';
import { PLUGIN_ID_PATTERN } from '../kernel/plugin-validation.js';
import { PLUGIN_KINDS } from './kinds/index.js';
import { packageFiles } from './package-files.js';
import { pluginNames } from './plugin-names.js';

export interface ScaffoldRequest {
  /** The plugin id, `<namespace>/<name>` in lower case: `acme/word-stats`. */
  readonly id: string;
  /** `tool` by default; see PLUGIN_KINDS. */
  readonly kind?: string;
  /** Where the package goes; `./ep-<name>` under `cwd` by default. It must not exist, or be empty. */
  readonly directory?: string;
  /** The npm package name; `@<namespace>/ep-<name>` by default. */
  readonly packageName?: string;
  readonly cwd?: string;
}

export interface ScaffoldResult {
  readonly id: string;
  readonly kind: string;
  readonly packageName: string;
  readonly directory: string;
  /** The files written, relative to `directory`, sorted. */
  readonly files: string[];
}

const PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]*$/;

function invalid(message: string, field: string, suggestion: string): EpError {
  return new EpError('SCAFFOLD_INVALID', message, { exitCode: ExitCode.validation, details: { field }, suggestion });
}

/**
 * Writes a plugin package whose own tests pass once its dependencies are installed. The files are written to a
 * temporary directory beside the target and renamed into place, so a failure leaves no half-made package.
 */
export async function scaffoldPlugin(request: ScaffoldRequest, epVersion: string): Promise<ScaffoldResult> {
  if (!PLUGIN_ID_PATTERN.test(request.id) || request.id.startsWith('builtin/')) {
    throw invalid(
      `Plugin id ${JSON.stringify(request.id)} is not a namespaced id like "acme/word-stats".`,
      'id',
      "Use <namespace>/<name> in lower case; the builtin namespace is ep's own.",
    );
  }
  const kind = PLUGIN_KINDS.find((candidate) => candidate.kind === (request.kind ?? PLUGIN_KINDS[0]!.kind));
  if (!kind) {
    throw invalid(
      `There is no plugin kind ${JSON.stringify(request.kind)}.`,
      'kind',
      `Choose one of ${PLUGIN_KINDS.map((k) => k.kind).join(', ')}.`,
    );
  }
  const names = pluginNames(request.id, request.packageName);
  if (!PACKAGE_NAME.test(names.packageName)) {
    throw invalid(
      `${JSON.stringify(names.packageName)} is not a valid npm package name.`,
      'packageName',
      'Use lower case, as in @acme/ep-word-stats.',
    );
  }
  const directory = path.resolve(request.cwd ?? process.cwd(), request.directory ?? `ep-${names.name}`);
  await refuseNonEmpty(directory);
  const files = { ...packageFiles(names, kind, epVersion), ...kind.files(names, `^${epVersion}`) };
  await mkdir(path.dirname(directory), { recursive: true });
  const staging = `${directory}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    for (const [file, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(staging, file)), { recursive: true });
      await writeFile(path.join(staging, file), content, { flag: 'wx' });
    }
    await rmdir(directory).catch(() => undefined);
    await rename(staging, directory);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return { id: request.id, kind: kind.kind, packageName: names.packageName, directory, files: Object.keys(files).sort() };
}

async function refuseNonEmpty(directory: string): Promise<void> {
  const entries = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    if (error.code === 'ENOTDIR') return ['(a file)'];
    throw error;
  });
  if (entries.length > 0) {
    throw new EpError('SCAFFOLD_TARGET_EXISTS', `${directory} already exists and is not empty: nothing was written.`, {
      exitCode: ExitCode.validation,
      details: { field: 'directory', directory },
      suggestion: 'Name a new or empty directory.',
    });
  }
}
