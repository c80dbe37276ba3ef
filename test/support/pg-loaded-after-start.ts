import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * `node pg-loaded-after-start.js run`: starts the default runtime in an empty directory with this process's
 * environment, lists its plugins and, without a database, its sessions, and prints whether the `pg` client was loaded. Run without
 * arguments (as `node --test dist/test/` runs every file), it does nothing.
 */
if (process.argv[2] === 'run') {
  const dir = mkdtempSync(path.join(tmpdir(), 'ep-pg-load-'));
  try {
    const { createEp } = await import('../../src/api/ep.js');
    const ep = await createEp({ cwd: dir, env: { ...process.env, EP_HOME: path.join(dir, 'home') } });
    const plugins = ep.plugins.list().map((plugin) => plugin.id);
    // Sessions are listed through the store the runtime chose (no database is reached for the default one).
    if (!process.env.EP_DATABASE_URL) await ep.sessions.list();
    await ep.shutdown();
    const loaded = Object.keys(createRequire(import.meta.url).cache).some((file) =>
      file.includes(`${path.sep}node_modules${path.sep}pg${path.sep}`),
    );
    process.stdout.write(JSON.stringify({ loaded, plugins }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
