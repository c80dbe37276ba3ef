import { Database } from '../../src/postgres/database.js';
import { PostgresPackageStore } from '../../src/storage/postgres-package-store.js';

/**
 * A child process for the concurrency tests: `node postgres-context-writer.js <url> <context> <writer> <count>`
 * upserts `count` records (`<writer>.<n>`) into the context, one save each. Without arguments (as
 * `node --test dist/test/` runs every file), it does nothing.
 */
const [url, context, writer, count] = process.argv.slice(2);
if (url && context && writer && count) {
  const database = new Database({ url });
  const store = new PostgresPackageStore(database);
  for (let n = 0; n < Number(count); n += 1) {
    const record = { key: `${writer}.${n}`, summary: `note ${n} from ${writer}` };
    await store.update(context, (latest) => latest.upsert('key', record), { message: `Upsert ${record.key}` });
  }
  await database.close();
}
