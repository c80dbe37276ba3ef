import { EpError, ExitCode } from '../../kernel/errors.js';
import { isJsonObject } from '../../records/json.js';
import { ScenarioList } from '../../records/scenario-list.js';
import type { Codebook, Scenario } from '../../records/scenario.js';
import type { BatchObjectReader } from '../git/batch-object-reader.js';
import { parseJsonPreservingNumbers } from '../json/record-json-parser.js';
import { readManifest } from './manifest.js';
import { StoredTexts } from './stored-texts.js';
import type { OpenPackage, PackageSnapshot } from './open-package.js';
import { assertNotTooDeep, unreadableIfTooDeep } from './package-json-files.js';

const SCENARIO_DIR = 'scenarios/';
const SCENARIO_FILE = /^scenarios\/\d+\.json$/;

/** Where a snapshot's files come from: one commit's tree, read from the archive or from git objects. */
export interface SnapshotSource {
  readonly commit: string | undefined;
  readonly files: ReadonlyMap<string, string>;
  readonly source: PackageSnapshot['source'];
  readonly warnings: string[];
  readonly reader?: BatchObjectReader;
}

/** Reads a commit's manifest, records (in manifest order) and codebook into a snapshot of the package. */
export async function buildSnapshot(
  pkg: OpenPackage,
  { commit, files, source, warnings, reader }: SnapshotSource,
): Promise<PackageSnapshot> {
  const read = contentsOf(pkg, files, source, reader);
  if (!files.has('manifest.json')) {
    throw new EpError('INVALID_PACKAGE', `${pkg.path} is not a valid package: manifest.json is missing.`, {
      exitCode: ExitCode.validation,
      details: { path: pkg.path },
    });
  }
  // Each scenario id with its file's path as the tree names it: the path strings looked up below are then
  // those the tree's map already holds (hashed once), not a new string built per record and hashed again.
  const scenarioFiles = new Map<string, string>();
  // `test` then a slice rather than `exec`: a match array per record file is garbage. The names at once and an
  // index loop: a `for...of` makes an object per name until the loop is optimised.
  const names = Array.from(files.keys());
  for (let i = 0; i < names.length; i += 1) {
    const file = names[i]!;
    if (SCENARIO_FILE.test(file)) scenarioFiles.set(file.slice(SCENARIO_DIR.length, -'.json'.length), file);
  }
  const [manifestBytes] = await read(['manifest.json']);
  const manifest = readManifest(parsePackageJson(pkg.path, manifestBytes!, 'manifest.json'), pkg.path, scenarioFiles);
  // The manifest lists each id once, and each of them has its file (readManifest checked both).
  const extra = scenarioFiles.size - manifest.scenarioOrder.length;
  if (extra) warnings.push(`${pkg.path} has ${extra} scenario file(s) not listed in its manifest; they were ignored.`);
  const paths = manifest.scenarioOrder.map((id) => scenarioFiles.get(id)!);
  const hasCodebook = files.has('codebook.json');
  const contents = await read(hasCodebook ? [...paths, 'codebook.json'] : paths);
  const records: Scenario[] = manifest.scenarioOrder.map((_, i) => {
    const text = contents[i]!.toString('utf8');
    const file = paths[i]!;
    const record = unreadableIfTooDeep(pkg.path, file, text, warnings) ?? parsePackageJson(pkg.path, contents[i]!, file, text, true);
    if (!isJsonObject(record)) {
      throw new EpError('INVALID_PACKAGE', `${pkg.path} is not a valid package: ${file} is not a JSON object.`, {
        exitCode: ExitCode.validation,
        details: { path: pkg.path, file },
      });
    }
    return record;
  });
  const recordBytes = contents.slice(0, manifest.scenarioOrder.length);
  let codebook: Codebook | undefined;
  if (hasCodebook) {
    const value = parsePackageJson(pkg.path, contents[contents.length - 1]!, 'codebook.json');
    if (isJsonObject(value))
      codebook = Object.fromEntries(
        Object.entries(value).map(([field, text]) => [field, typeof text === 'string' ? text : JSON.stringify(text)]),
      );
  }
  return {
    commit,
    files,
    manifest: manifest.raw,
    scenarioOrder: manifest.scenarioOrder,
    storedJson: new StoredTexts(manifest.scenarioOrder, recordBytes),
    recordBytes,
    list: new ScenarioList(records, codebook),
    source,
    warnings,
  };
}

/**
 * How a snapshot reads the bytes of its JSON files (bounded as such): straight from the archive when its files
 * are the working tree proven equal to the commit (the ids are then the archive's own, so no id is looked up
 * per record), else by blob id, from the archive where the ids match and from git objects otherwise.
 */
function contentsOf(
  pkg: OpenPackage,
  files: ReadonlyMap<string, string>,
  source: PackageSnapshot['source'],
  reader: BatchObjectReader | undefined,
): (paths: readonly string[]) => Promise<Buffer[]> {
  if (source === 'worktree') return async (paths) => paths.map((path) => pkg.content(path)!);
  return (paths) =>
    pkg.blobs(
      paths.map((path) => [path, files.get(path)!] as const),
      reader,
      true,
    );
}

/** One JSON file of the package, its depth checked first unless the caller already did. */
function parsePackageJson(path: string, bytes: Buffer, file: string, text = bytes.toString('utf8'), depthChecked = false) {
  if (!depthChecked) assertNotTooDeep(path, file, text);
  try {
    return parseJsonPreservingNumbers(text);
  } catch (error) {
    throw new EpError('INVALID_PACKAGE', `${path} is not a valid package: ${file} is not valid JSON (${(error as Error).message}).`, {
      exitCode: ExitCode.validation,
      details: { path, file },
      cause: error,
    });
  }
}
