import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'node:test';
import ts from 'typescript';

// This file runs from dist/test/api/.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const CONSUMER = `
import { createEp, isEpError, type Ep } from 'ep-runtime';

export async function firstMatch(query: string): Promise<string | undefined> {
  await using ep: Ep = await createEp({ cwd: '.' });
  const { data } = await ep.contexts.search({ query });
  const key: unknown = data.matches[0]?.scenario.key;
  // @ts-expect-error: the request is typed, so a misspelt field is caught
  await ep.contexts.search({ quary: query });
  return typeof key === 'string' && !isEpError(key) ? key : undefined;
}
`;

it('an embedder importing "ep-runtime" gets the shipped type declarations', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ep-consumer-'));
  try {
    await mkdir(path.join(dir, 'node_modules'));
    await symlink(ROOT, path.join(dir, 'node_modules', 'ep-runtime'), 'dir');
    await writeFile(path.join(dir, 'package.json'), '{"type": "module"}\n');
    const file = path.join(dir, 'consumer.ts');
    await writeFile(file, CONSUMER);
    const program = ts.createProgram([file], {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts'],
      types: ['node'],
      typeRoots: [path.join(ROOT, 'node_modules/@types')],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
    });
    const resolved = program
      .getSourceFiles()
      .map((source) => source.fileName)
      .find((name) => name.endsWith('/dist/src/index.d.ts'));
    assert.ok(resolved, 'ep-runtime resolves to dist/src/index.d.ts through package.json');
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    assert.deepEqual(problems, []);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
