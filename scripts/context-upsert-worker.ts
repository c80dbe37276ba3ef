/**
 * Upserts records into one package from a separate process, as concurrent agents would:
 * `node dist/scripts/context-upsert-worker.js <package> <key-prefix> <count>`. Used by the acceptance suite.
 * Standalone, as an agent's script would be: the default runtime's package store, stopped when the process ends.
 */
import 'reflect-metadata';
import { updateScenarioContext } from '../src/api/scenario-context.js';

const [file, prefix, count] = process.argv.slice(2);
for (let i = 0; i < Number(count); i += 1) {
  await updateScenarioContext(
    file!,
    (context) => {
      context.upsert({ key: `${prefix}.${i}`, kind: 'note', summary: `Written by ${prefix}, number ${i}` });
    },
    { message: `Upsert ${prefix}.${i}` },
  );
}
