/**
 * Saves `count` generated records to a package, overwriting its content: `node dist/scripts/package-save-worker.js
 * <package> <count>`. The acceptance suite kills it in the middle of the save.
 */
import { ScenarioList } from '../src/records/scenario-list.js';
import { GitPackageStore } from '../src/storage/git-package-store.js';

const [file, count] = process.argv.slice(2);
const records = Array.from({ length: Number(count) }, (_, i) => ({
  key: `bulk.${i}`,
  kind: 'note',
  summary: `Bulk record ${i} `.repeat(8),
}));
await new GitPackageStore().save(file!, new ScenarioList(records), { message: 'Bulk save' });
