import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../support/pg-loaded-after-start.js');
const run = promisify(execFile);

async function startInChild(env: Record<string, string>): Promise<{ loaded: boolean; plugins: string[] }> {
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env };
  delete childEnv.NODE_TEST_CONTEXT;
  delete childEnv.EP_DATABASE_URL;
  Object.assign(childEnv, env);
  const { stdout } = await run(process.execPath, [SCRIPT, 'run'], { env: childEnv });
  return JSON.parse(stdout) as { loaded: boolean; plugins: string[] };
}

describe('the PostgreSQL plugins', () => {
  it('are not loaded, nor is the pg client, on the default path', async () => {
    const started = await startInChild({});
    assert.equal(started.loaded, false);
    assert.ok(started.plugins.includes('builtin/session-store') && started.plugins.includes('builtin/storage-ep'));
    assert.ok(!started.plugins.some((id) => id.endsWith('-postgres')), started.plugins.join(', '));
  });

  it('take the place of the file stores when EP_DATABASE_URL is set, without connecting until used', async () => {
    const started = await startInChild({ EP_DATABASE_URL: 'postgres://ep@127.0.0.1:1/ep' });
    assert.equal(started.loaded, true);
    assert.ok(started.plugins.includes('builtin/session-store-postgres') && started.plugins.includes('builtin/storage-postgres'));
    assert.ok(!started.plugins.includes('builtin/session-store') && !started.plugins.includes('builtin/storage-ep'));
  });
});
