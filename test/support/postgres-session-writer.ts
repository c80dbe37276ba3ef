import { Database } from '../../src/postgres/database.js';
import { PostgresSessionStore } from '../../src/sessions/store/postgres-session-store.js';

/**
 * A child process for the concurrency tests: `node postgres-session-writer.js <url> <session> <writer> <count>`
 * opens the session and appends `count` call nodes, each finished by an update, then ends its turn. Run
 * without arguments (as `node --test dist/test/` runs every file), it does nothing.
 */
const [url, sessionId, writer, count] = process.argv.slice(2);
if (url && sessionId && writer && count) {
  const store = new PostgresSessionStore({ database: new Database({ url }), home: '/nonexistent' });
  const log = await store.open(sessionId, { source: 'test' });
  for (let n = 0; n < Number(count); n += 1) {
    const id = `${writer}_${n}`;
    log.append({
      id,
      kind: 'call',
      name: id,
      seq: n + 1,
      turn: writer,
      caller: null,
      predecessor: null,
      input: { n },
      status: 'running',
      createdAt: new Date().toISOString(),
    });
    log.append({ id, status: 'completed', output: n, endedAt: new Date().toISOString(), durationMs: 0 });
    // Reading between appends interleaves this writer with the others, as a running agent does.
    if (n % 5 === 0) await log.readNodes();
  }
  await log.endTurn({ turnId: writer, names: [writer], nodeCount: Number(count) });
  await store.close();
}
