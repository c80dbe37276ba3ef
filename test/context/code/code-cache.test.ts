import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { codeMap } from '../../../src/api/code.js';
import { requestContext } from '../../../src/api/context.js';
import type { ContextRequestInit } from '../../../src/context/assembly/context-request.js';

const FILES: Record<string, string> = {
  'pkg/__init__.py': '"""The sample application."""\n',
  'pkg/base.py': 'class BaseAuth:\n    """Common ground."""\n\n    def check(self, user):\n        return user is not None\n',
  'pkg/auth.py':
    'from .base import BaseAuth\n\n\nclass AuthManager(BaseAuth):\n    """Checks passwords."""\n\n' +
    '    def login(self, user, password):\n        """Log a user in."""\n        return self.check(user)\n',
  'pkg/views.py': 'from .auth import AuthManager\n\n\ndef login_view(request):\n    return AuthManager().login(request, "x")\n',
  'web/store.ts': 'export class TokenStore {\n  save(token: string): string {\n    return token;\n  }\n}\n',
  'web/use.ts': "import { TokenStore } from './store.js';\n\nexport const keep = (t: string) => new TokenStore().save(t);\n",
};
const REQUESTS: ContextRequestInit[] = [
  { purpose: 'Review auth', focus: ['uko-py:class/AuthManager'], depth: 'SIGNATURES', breadth: 2 },
  { purpose: 'Review auth', focus: ['uko-ts:class/TokenStore'], depth: 'FULL_SOURCE', breadth: 1, maxTokens: 60 },
  { purpose: 'log a user in with a password', depth: 'SIGNATURES' },
];

/** A damage that keeps the file valid JSON of the right version: only the shape checks can catch it. */
const planted = (kind: 'tree' | 'tokens', change: (cache: Record<string, unknown>) => unknown) => (text: string) => {
  const cache = JSON.parse(text) as Record<string, unknown>;
  if (('counts' in cache ? 'tokens' : 'tree') === kind) change(cache);
  return JSON.stringify(cache);
};

let dir: string;
let home: string;
const cacheDir = () => path.join(home, 'cache', 'code-context');
const run = async (cache: boolean) => {
  const options = { cwd: dir, env: { ...process.env, EP_HOME: home }, config: { options: { 'builtin/context-code': { cache } } } };
  const answers = [];
  for (const request of REQUESTS) answers.push((await requestContext(request, options)).toJSON());
  const map = await codeMap({ ...options, tokenBudget: 80 });
  return { answers, map: { map: map.map, tokens: map.tokens, entries: map.entries }, files: map.files };
};

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ep-code-cache-'));
  home = await mkdtemp(path.join(tmpdir(), 'ep-code-cache-home-'));
  await mkdir(path.join(dir, '.edsl'));
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
    // An hour old: past the racy window, so a warm run trusts the stat and reads a file only to render it.
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await utimes(path.join(dir, file), anHourAgo, anHourAgo);
  }
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

describe('the code context cache', () => {
  it('gives the same answers and map as no cache, cold and warm', async () => {
    const uncached = await run(false);
    assert.deepEqual(await readdir(home), [], 'no cache is written when it is off');
    const cold = await run(true);
    const warm = await run(true);
    assert.deepEqual(cold.answers, uncached.answers);
    assert.deepEqual(warm.answers, uncached.answers);
    assert.deepEqual(warm.map, uncached.map);
    assert.equal(warm.files.parsed, 0);
    assert.ok(uncached.answers.every((answer) => (answer.fragments as unknown[]).length > 0));
  });

  it('rebuilds a corrupt, truncated or planted cache instead of trusting it', async () => {
    const expected = await run(false);
    const files = await readdir(cacheDir());
    assert.ok(files.some((file) => file.endsWith('.tokens.json')));
    for (const damage of [
      (text: string) => text.slice(0, text.length / 2),
      () => '{"version": 2}',
      planted('tree', (cache) => (cache.references as number[][]).splice(0, 1, [987654321])),
      planted(
        'tree',
        (cache) => (Object.values(cache.parsed as Record<string, { symbols: { startLine: number }[] }>)[1]!.symbols[0]!.startLine = 0),
      ),
      planted('tree', (cache) => ((cache.files as { path: string }[])[0]!.path = '../../etc/passwd')),
      planted('tree', (cache) => (cache.searchTexts = 'x')),
      planted('tokens', (cache) => {
        const counts = cache.counts as Record<string, Record<string, number>>;
        for (const file of Object.values(counts)) for (const node of Object.keys(file)) file[node] = -3;
      }),
    ]) {
      for (const file of files) {
        const target = path.join(cacheDir(), file);
        await writeFile(target, damage(await readFile(target, 'utf8')));
      }
      const answered = await run(true);
      assert.deepEqual(answered.answers, expected.answers);
      assert.deepEqual(answered.map, expected.map);
    }
  });

  it('answers a warm request without loading the tree-sitter runtime', async () => {
    await run(true);
    const script = fileURLToPath(new URL('./warm-request-probe.js', import.meta.url));
    const env: NodeJS.ProcessEnv = { ...process.env, EP_HOME: home };
    delete env.NODE_TEST_CONTEXT;
    const { stdout } = await promisify(execFile)(process.execPath, [script, dir], { env });
    assert.deepEqual(JSON.parse(stdout), { parsed: 0, treeSitterLoaded: false });
  });
});
