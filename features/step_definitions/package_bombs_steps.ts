import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import {
  bombEdit,
  largeRecordEdit,
  memberBytes,
  pythonZipVerdict,
  renameInLocalHeader,
  runMeasuredEp,
  withDeepRecord,
  writeChangedPackage,
} from '../support/package-bombs.js';
import type { EpWorld } from '../support/world.js';

Given('a package {string} whose {string} inflates to 3 GiB', async function (this: EpWorld, file: string, object: string) {
  await writeChangedPackage(this, file, undefined, bombEdit(object));
});

Given(
  "a package {string} whose HEAD record file of {int} MiB differs from the archive's own copy",
  async function (this: EpWorld, file: string, mebibytes: number) {
    await writeChangedPackage(this, file, undefined, largeRecordEdit(mebibytes));
  },
);

Given(
  'a package {string} holding a record {string} nested {int} levels deep between two others',
  async function (this: EpWorld, file: string, key: string, depth: number) {
    await writeChangedPackage(this, file, withDeepRecord(key, depth));
    this.values.set(`stored ${file}`, await memberBytes(this, file, 'scenarios/000002.json'));
  },
);

Given(
  "{string} names its member {string} {string} in the member's local header",
  async function (this: EpWorld, file: string, member: string, localName: string) {
    await renameInLocalHeader(this, file, member, localName);
  },
);

When('I run {string}, measuring its time and memory', async function (this: EpWorld, commandLine: string) {
  this.values.set('measured', await runMeasuredEp(this, commandLine));
});

Then('it answered within {int} seconds, using at most {int} MiB', function (this: EpWorld, seconds: number, mebibytes: number) {
  const { ms, peakMib } = this.values.get('measured') as { ms: number; peakMib: number };
  assert.ok(ms <= seconds * 1000 && peakMib <= mebibytes, `${ms.toFixed(0)} ms, ${peakMib.toFixed(0)} MiB`);
});

Then('the stored record file of {string} is byte for byte as it was', async function (this: EpWorld, file: string) {
  assert.deepEqual(await memberBytes(this, file, 'scenarios/000002.json'), this.values.get(`stored ${file}`));
});

Then("Python's zipfile refuses {string} too", function (this: EpWorld, file: string) {
  assert.match(pythonZipVerdict(this, file), /File name in directory .* and header .* differ/);
});
