import { Given } from '@cucumber/cucumber';
import {
  createContextPackage,
  makeFifo,
  writeLargeJson,
  writeNestedJson,
  writeNonUtf8Json,
  writeRecordWithLongField,
} from '../support/limits-files.js';
import type { EpWorld } from '../support/world.js';

Given('a JSON file {string} nested {int} levels deep', async function (this: EpWorld, name: string, depth: number) {
  await writeNestedJson(this, name, depth);
});

Given('a JSON file {string} of {int} MiB', async function (this: EpWorld, name: string, mebibytes: number) {
  await writeLargeJson(this, name, mebibytes);
});

Given('a file {string} holding bytes that are not UTF-8', async function (this: EpWorld, name: string) {
  await writeNonUtf8Json(this, name);
});

Given('a named pipe {string}', function (this: EpWorld, name: string) {
  makeFifo(this, name);
});

Given('a context package {string}', async function (this: EpWorld, name: string) {
  await createContextPackage(this, name);
});

Given(
  'a record file {string} whose {string} is {int} characters long',
  async function (this: EpWorld, name: string, field: string, length: number) {
    await writeRecordWithLongField(this, name, field, length);
  },
);
