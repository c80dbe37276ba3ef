/**
 * Upserts records into one package from a separate process, as concurrent agents would:
 * `node dist/scripts/context-upsert-worker.js <package> <key-prefix> <count>`. Used by the acceptance suite.
 */
import 'reflect-metadata';
import { ScenarioContext } from '../src/context/package/scenario-context.js';

const [file, prefix, count] = process.argv.slice(2);
for (let i = 0; i < Number(count); i += 1) {
  await ScenarioContext.update(file!, (context) => {
    context.upsert({ key: `${prefix}.${i}`, kind: 'note', summary: `Written by ${prefix}, number ${i}` });
  }, { message: `Upsert ${prefix}.${i}` });
}
