import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Scenario } from '../../src/records/scenario.js';
import { ScenarioList } from '../../src/records/scenario-list.js';
import { GitPackageStore } from '../../src/storage/git-package-store.js';
import { writeEdslSurveyPackage } from './storage-edsl-fixtures.js';
import { HUMANIZE_RECORDS } from './context-records.js';
import type { EpWorld } from './world.js';

/** Named record sets the context CLI scenarios build packages from. */
export const CONTEXT_RECORD_SETS: Record<string, Scenario[]> = {
  humanize: HUMANIZE_RECORDS,
  personal: [
    {
      key: 'preference.default_pilot_model',
      kind: 'user_preference',
      summary: 'User prefers the strongest model for every pilot study.',
      tags: ['models', 'pilot'],
    },
    {
      key: 'note.pricing-ideas',
      kind: 'note',
      summary: 'Ideas for a conjoint pricing pilot with three price levels.',
      tags: ['pricing', 'conjoint'],
    },
  ],
  team: [
    {
      key: 'preference.default_pilot_model',
      kind: 'user_preference',
      summary: 'Team default: a mid-size model for pilots.',
      tags: ['models'],
    },
    {
      key: 'study.conjoint-pricing-2025',
      kind: 'study_note',
      summary: "Last year's conjoint pricing pilot: price levels, sample size and lessons.",
      tags: ['pricing', 'conjoint', 'pilot'],
    },
    { key: 'constraint.budget', kind: 'constraint', summary: 'Pilot budgets stay under 200 dollars.', tags: ['budget', 'pilot'] },
  ],
};

// Personal then team in one package: what one corpus over both holds (each package's copy of a shared key).
CONTEXT_RECORD_SETS.combined = [...CONTEXT_RECORD_SETS.personal!, ...CONTEXT_RECORD_SETS.team!];

export async function writeContextPackage(world: EpWorld, file: string, set: string): Promise<void> {
  const records = CONTEXT_RECORD_SETS[set];
  if (!records) throw new Error(`No record set "${set}"`);
  await mkdir(path.dirname(world.resolve(file)), { recursive: true });
  await new GitPackageStore().save(world.resolve(file), new ScenarioList(records), { message: `Seed ${set}` });
}

/** Every kind of path a package option may wrongly point at. */
export async function writeBadPackages(world: EpWorld): Promise<void> {
  await mkdir(world.resolve('folder.ep'), { recursive: true });
  await world.writeFile('notes.ep', 'These are plain notes, not a zip archive.\n');
  await writeEdslSurveyPackage(world.resolve('survey.ep'));
  await writeContextPackage(world, 'corrupt.ep', 'humanize');
  const bytes = await readFile(world.resolve('corrupt.ep'));
  await writeFile(world.resolve('corrupt.ep'), bytes.subarray(0, Math.floor(bytes.length / 2)));
}

/** A digest of every file under the project (skipping EP_HOME), to prove a failed command wrote nothing. */
export async function projectDigest(world: EpWorld): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  for (const entry of await readdir(world.dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(world.dir, file);
    if (relative.startsWith('.ep-home')) continue;
    digests.set(
      relative,
      createHash('sha256')
        .update(await readFile(file))
        .digest('hex'),
    );
  }
  return digests;
}

export async function loadRecords(world: EpWorld, file: string): Promise<Scenario[]> {
  return (await new GitPackageStore().load(world.resolve(file))).list.toArray();
}

export async function commitMessages(world: EpWorld, file: string): Promise<string[]> {
  return (await new GitPackageStore().log(world.resolve(file))).map((entry) => entry.message.trim());
}
