import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { codeMap } from '../../../src/api/code.js';
import { requestContext } from '../../../src/api/context.js';
import type { ContextRequestInit } from '../../../src/context/assembly/context-request.js';
import type { ReferenceLists } from '../../../src/context/assembly/reference-lists.js';
import type { SymbolOutline } from '../../../src/context/code/code-model.js';
import { decodeTreeCache } from '../../../src/context/code/tree-cache-decode.js';
import { encodeTreeCache, type TreeCacheData } from '../../../src/context/code/tree-cache-format.js';
import { CacheInvalid } from '../../../src/context/code/tree-cache-sections.js';
import { bm25IndexFile } from '../../../src/search/bm25/bm25-index-file.js';
import { postingsSpan } from '../../../features/support/code-cache-damage.js';

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

type Damage = (file: string, bytes: Buffer) => Buffer;

/** A damage that keeps the tree cache well formed and checksummed: only the value checks can catch it. */
const plantedTree =
  (change: (data: TreeCacheData) => TreeCacheData): Damage =>
  (file, bytes) =>
    file.endsWith('.tree') ? encodeTreeCache(change(decodeTreeCache(bytes, dir)), dir) : bytes;

/** A damage that keeps the token counts valid JSON of the right version. */
const plantedTokens =
  (change: (cache: Record<string, unknown>) => void): Damage =>
  (file, bytes) => {
    if (!file.endsWith('.tokens.json')) return bytes;
    const cache = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
    change(cache);
    return Buffer.from(JSON.stringify(cache));
  };

const withSymbol = (data: TreeCacheData, change: (symbol: SymbolOutline) => SymbolOutline): TreeCacheData => {
  const [key, outline] = [...data.outlines].find(([, file]) => file.symbols.length > 0)!;
  const outlines = new Map(data.outlines).set(key, { ...outline, symbols: [change(outline.symbols[0]!), ...outline.symbols.slice(1)] });
  return { ...data, outlines };
};

let dir: string;
let home: string;
const cacheDir = () => path.join(home, 'cache', 'code-context');
/** What the tree cache holds, but the time of its last check (the search index as its format and bytes). */
const keptTree = async () => {
  const file = (await readdir(cacheDir())).find((name) => name.endsWith('.tree'))!;
  const { checkedAt: _checkedAt, parsed, searchIndex, ...data } = decodeTreeCache(await readFile(path.join(cacheDir(), file)), dir);
  const index = searchIndex && { format: searchIndex.format, bytes: searchIndex.bytes };
  const nodeKeys = Array.from({ length: data.nodeKeys.length }, (_, id) => data.nodeKeys.at(id));
  return { ...data, nodeKeys, parsed: [...data.outlines.keys()].map(parsed), ...(index ? { searchIndex: index } : {}) };
};
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
    assert.equal((await keptTree()).searchIndex?.format, bm25IndexFile.format, "the nodes' search index is kept with the tree");
    assert.ok(uncached.answers.every((answer) => (answer.fragments as unknown[]).length > 0));
  });

  it('rebuilds a corrupt, truncated or planted cache instead of trusting it', async () => {
    const expected = await run(false);
    const files = await readdir(cacheDir());
    assert.deepEqual(files.map((file) => path.extname(file)).sort(), ['.json', '.listing', '.tree']);
    const sound = await keptTree();
    for (const damage of [
      (_file, bytes) => bytes.subarray(0, bytes.length / 2),
      (_file, bytes) => Buffer.from(bytes).fill(0x7a, bytes.length >> 1, (bytes.length >> 1) + 4),
      () => Buffer.from('{"version": 2}'),
      plantedTree((data) => ({ ...data, references: plantedTarget(data.references, 987654321) })),
      plantedTree((data) => ({ ...data, referredBy: plantedTarget(data.referredBy, 987654321) })),
      plantedTree((data) => withSymbol(data, (symbol) => ({ ...symbol, startLine: 0 }))),
      plantedTree((data) => withSymbol(data, (symbol) => ({ ...symbol, members: [999] }))),
      plantedTree((data) => {
        const [first, ...rest] = data.stats.values();
        const planted = { ...first!, path: '../../etc/passwd' };
        return { ...data, stats: new Map([planted, ...rest].map((stat) => [stat.path, stat])) };
      }),
      // A search index of other documents, bytes no index format reads, and an index of another format.
      plantedTree((data) => ({ ...data, searchIndex: { format: bm25IndexFile.format, bytes: bm25IndexFile.encode([{ text: 'login' }]) } })),
      plantedTree((data) => ({ ...data, searchIndex: { format: bm25IndexFile.format, bytes: new Uint8Array(64).fill(3) } })),
      plantedTree((data) => ({ ...data, searchIndex: { ...data.searchIndex!, format: 'another-engine-v1' } })),
      // An index that opens (its head is sound) but whose postings a query then finds naming no document.
      plantedTree((data) => ({
        ...data,
        searchIndex: { format: bm25IndexFile.format, bytes: postingsPastTheEnd(data.searchIndex!.bytes) },
      })),
      plantedTree((data) => ({ ...data, treeHash: '0'.repeat(64) })),
      // A node whose key is empty: no record may be keyed so.
      plantedTree((data) => ({ ...data, nodeKeys: { length: data.nodeKeys.length, at: (id) => (id === 1 ? '' : data.nodeKeys.at(id)) } })),
      // A listing that would have the tree read outside itself.
      (file, bytes) =>
        file.endsWith('.listing') ? Buffer.from(bytes.toString('utf8').replace('"pkg/auth.py"', '"../../etc/passwd"')) : bytes,
      plantedTokens((cache) => {
        const counts = cache.counts as Record<string, Record<string, number>>;
        for (const file of Object.values(counts)) for (const node of Object.keys(file)) file[node] = -3;
      }),
    ] satisfies Damage[]) {
      for (const file of files) {
        const target = path.join(cacheDir(), file);
        await writeFile(target, damage(file, await readFile(target)));
      }
      const answered = await run(true);
      assert.deepEqual(answered.answers, expected.answers);
      assert.deepEqual(answered.map, expected.map);
      assert.deepEqual(await keptTree(), sound, 'the damaged tree cache was written again');
    }
  });

  it('makes planted search texts again when a call needs them: from the kept uses, else by parsing again', async () => {
    const expected = await run(false);
    await run(true);
    const sound = await keptTree();
    const file = path.join(
      cacheDir(),
      (await readdir(cacheDir())).find((name) => name.endsWith('.tree'))!,
    );
    const soundBytes = await readFile(file);
    const touchedFile = path.join(dir, 'pkg/base.py');
    const { mtime } = await stat(touchedFile);
    for (const usesKept of [true, false]) {
      // The file as the sound cache saw it.
      await utimes(touchedFile, mtime, mtime);
      const data = decodeTreeCache(soundBytes, dir);
      await writeFile(file, encodeTreeCache({ ...data, searchTexts: ['x'], ...(usesKept ? {} : { parsed: () => undefined }) }, dir));
      // Ranked from the kept index, a request reads no search text: the planted ones are not met.
      assert.deepEqual((await run(true)).answers, expected.answers);
      assert.throws(() => decodeTreeCache(readFileSync(file), dir).searchTexts, CacheInvalid, 'the planted texts are still there');
      // A file touched (the same text) has the cache written again, and the texts made again for it.
      const touched = new Date(Date.now() - 1_800_000);
      await utimes(touchedFile, touched, touched);
      assert.deepEqual((await run(true)).answers, expected.answers);
      assert.deepEqual((await keptTree()).searchTexts, sound.searchTexts);
    }
    await utimes(touchedFile, mtime, mtime);
    await writeFile(file, soundBytes);
  });

  it('parses again what the kept uses cannot give when the graph must be rebuilt', async () => {
    await run(true);
    const file = path.join(
      cacheDir(),
      (await readdir(cacheDir())).find((name) => name.endsWith('.tree'))!,
    );
    const data = decodeTreeCache(await readFile(file), dir);
    const planted = (key: string) => {
      const parsed = data.parsed(key)!;
      return { ...parsed, names: [42 as unknown as string] };
    };
    await writeFile(file, encodeTreeCache({ ...data, parsed: planted }, dir));
    await writeFile(
      path.join(dir, 'pkg/views.py'),
      `${FILES['pkg/views.py']}\n\ndef logout_view(request):\n    return login_view(request)\n`,
    );
    const expected = await run(false);
    const options = { cwd: dir, env: { ...process.env, EP_HOME: home } };
    const map = await codeMap({ ...options, tokenBudget: 80 });
    assert.equal(map.files.parsed, Object.keys(FILES).length, 'every file is parsed again');
    assert.deepEqual({ map: map.map, tokens: map.tokens, entries: map.entries }, expected.map);
    assert.deepEqual((await run(true)).answers, expected.answers);
    assert.equal((await codeMap({ ...options, tokenBudget: 80 })).files.parsed, 0, 'the uses are kept again');
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

/** The index with every posting naming a document past the last (the document count is its third word). */
function postingsPastTheEnd(bytes: Uint8Array): Uint8Array {
  const planted = Uint8Array.from(bytes);
  const words = new Uint32Array(planted.buffer, 0, planted.length >>> 2);
  const { start, end } = postingsSpan((at) => words[at]!);
  words.fill(words[2]!, start / 4, start / 4 + (end - start) / 8);
  return planted;
}

/** The lists with `target` put first in node 0's. */
function plantedTarget(references: ReferenceLists, target: number): ReferenceLists {
  return { ends: references.ends.map((end) => end + 1), targets: Uint32Array.of(target, ...references.targets) };
}
