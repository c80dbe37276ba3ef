import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

// This file runs from dist/test/architecture/; the rules are read off the TypeScript sources.
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src');

/**
 * Entry points: how people reach ep. The CLI and MCP are thin layers over the library API, never over each other;
 * the plugin authors' conformance kit (`testing`) starts runtimes through the library API too, the web UI's
 * server (`ui`, which `ep ui` starts) serves the library API's results, and the framework adapters (`integrations`)
 * reach ep only through the public facade, `src/index.ts`.
 */
const ENTRY_POINTS = ['api', 'cli', 'mcp', 'testing', 'ui', 'integrations'];
/** What each entry point may import of the others. */
const ENTRY_POINT_IMPORTS: Record<string, readonly string[]> = {
  cli: ['api', 'ui'],
  mcp: [],
  api: ['mcp'],
  testing: ['api'],
  ui: ['api'],
  integrations: [],
};
/** Wiring, not domain: the kernel, the composition root, the built-in plugins and the public facade. */
const WIRING = ['kernel', 'runtime', 'plugins'];
const MAX_LINES = 300;
/**
 * The framework adapters (`ep-runtime/ai-sdk`, `ep-runtime/langchain`, `ep-runtime/openai-agents`): each sits on the
 * public facade only, and is the one place its framework's packages are imported, so `ep-runtime` never loads one.
 */
const INTEGRATIONS = 'integrations';
const FRAMEWORK_PACKAGES: Record<string, RegExp> = {
  'ai-sdk': /^(ai|@ai-sdk\/[^/]+)(\/|$)/,
  langchain: /^@langchain\/[^/]+(\/|$)/,
  'openai-agents': /^@openai\/agents[^/]*(\/|$)/,
};
const PACKAGE_IMPORT = /(?:from\s+|import\s*\(\s*)'([^.'][^']*)'/g;

interface SourceFile {
  readonly file: string;
  readonly folder: string;
  readonly imports: readonly string[];
  readonly packages: readonly string[];
  readonly lines: number;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return full.endsWith('.ts') ? [full] : [];
  });
}

const IMPORT = /(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g;
const files: SourceFile[] = sourceFiles(SRC).map((full) => {
  const text = readFileSync(full, 'utf8');
  const imports = [...text.matchAll(IMPORT)].map((match) => path.relative(SRC, path.resolve(path.dirname(full), match[1]!)));
  const file = path.relative(SRC, full);
  const packages = [...text.matchAll(PACKAGE_IMPORT)].map((match) => match[1]!);
  return { file, folder: topFolder(file), imports, packages, lines: text.split('\n').length };
});

function topFolder(relative: string): string {
  return relative.includes(path.sep) ? relative.split(path.sep)[0]! : '';
}

function violations(rule: (from: SourceFile, to: string) => boolean): string[] {
  return files.flatMap((from) => from.imports.filter((to) => rule(from, topFolder(to))).map((to) => `${from.file} imports ${to}`));
}

describe('the source tree keeps its architecture', () => {
  it('entry points import one another only downwards (cli over api and ui, ui over api, api over the mcp server)', () => {
    assert.deepEqual(
      violations(
        (from, to) =>
          ENTRY_POINTS.includes(from.folder) &&
          ENTRY_POINTS.includes(to) &&
          to !== from.folder &&
          !ENTRY_POINT_IMPORTS[from.folder]!.includes(to),
      ),
      [],
    );
  });

  it('no domain folder imports an entry point or the wiring above it', () => {
    const above = [...ENTRY_POINTS, 'runtime', 'plugins'];
    assert.deepEqual(
      violations(
        (from, to) => from.folder !== '' && !ENTRY_POINTS.includes(from.folder) && !WIRING.includes(from.folder) && above.includes(to),
      ),
      [],
    );
  });

  it('the kernel imports no domain folder', () => {
    assert.deepEqual(
      violations((from, to) => from.folder === 'kernel' && to !== 'kernel'),
      [],
    );
  });

  it('the framework adapters import only the public facade, their own files and what they share', () => {
    const allowed = (from: SourceFile, to: string) =>
      to === 'index.js' ||
      to.startsWith(path.join(INTEGRATIONS, 'shared') + path.sep) ||
      to.split(path.sep)[1] === from.file.split(path.sep)[1];
    assert.deepEqual(
      files
        .filter((from) => from.folder === INTEGRATIONS)
        .flatMap((from) => from.imports.filter((to) => !allowed(from, to)).map((to) => `${from.file} imports ${to}`)),
      [],
    );
  });

  it('nothing else imports the framework adapters', () => {
    assert.deepEqual(
      violations((from, to) => from.folder !== INTEGRATIONS && to === INTEGRATIONS),
      [],
    );
  });

  it("each framework's packages are imported only by its own adapter", () => {
    const offending = files.flatMap((from) =>
      from.packages
        .filter((name) =>
          Object.entries(FRAMEWORK_PACKAGES).some(
            ([adapter, pattern]) => pattern.test(name) && !from.file.startsWith(path.join(INTEGRATIONS, adapter) + path.sep),
          ),
        )
        .map((name) => `${from.file} imports ${name}`),
    );
    assert.deepEqual(offending, []);
  });

  it(`no source file is longer than ${MAX_LINES} lines`, () => {
    assert.deepEqual(
      files.filter((file) => file.lines > MAX_LINES).map((file) => `${file.file}: ${file.lines} lines`),
      [],
    );
  });
});
