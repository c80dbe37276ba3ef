import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import ts from 'typescript';

// This file runs from dist/test/api/.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const EMBEDDER = `
import { createEp, isEpError, withSession, agentFunction, callModel, type Ep } from 'ep-runtime';

const plan = agentFunction({ name: 'plan', instructions: 'Plan the step.' }, async (input: { task: string }) => callModel(input.task));

export async function firstMatch(query: string): Promise<string | undefined> {
  await using ep: Ep = await createEp({ cwd: '.' });
  const { data } = await ep.contexts.search({ query });
  const key: unknown = data.matches[0]?.scenario.key;
  // @ts-expect-error: the request is typed, so a misspelt field is caught
  await ep.contexts.search({ quary: query });
  const answer: string = await withSession(() => plan({ task: query }), { runtime: ep.runtime });
  return typeof key === 'string' && !isEpError(key) ? key + answer : undefined;
}
`;

const PLUGIN_AUTHOR = `
import { definePlugin, inject, injectable, SearchEngine, Tokenizer, EpError } from 'ep-runtime/plugin';
import type { SearchDocument, SearchIndex, Tool } from 'ep-runtime/plugin';

@injectable()
class CountingEngine implements SearchEngine {
  readonly name = 'counting';
  constructor(@inject(Tokenizer) private readonly tokenizer: Tokenizer) {}
  buildIndex(documents: readonly SearchDocument[]): SearchIndex {
    const weight = this.tokenizer.exact ? 1 : 0.5;
    const scores = documents.map((document) => weight * Object.values(document).join(' ').length);
    return { size: scores.length, search: () => scores.map((score, index) => ({ index, score })) };
  }
}

const wordCount: Tool = {
  name: 'acme/word-count', description: 'Counts words.', inputSchema: { type: 'object' }, capabilities: ['read_only'],
  call: (input) => String((input as { text?: string }).text ?? '').split(/\\s+/).length,
};

export default definePlugin(() => ({
  id: 'acme/counting-search', version: '1.0.0', engine: '>=0.1.0', provides: [SearchEngine],
  register(registry) {
    registry.registerClass(SearchEngine, CountingEngine);
    if (!wordCount.name) throw new EpError('ACME_BROKEN', 'unreachable');
  },
}));
`;

const RECORDS_AND_SESSIONS = `
import { ScenarioList, GitPackageStore, rankRecords, type ScoredScenario } from 'ep-runtime/records';
import { answersFrom, runAgentInSubprocess } from 'ep-runtime/sessions';

export async function rank(): Promise<ScoredScenario[]> {
  const list = new ScenarioList([{ key: 'a', summary: 'pilot budgets' }]);
  await new GitPackageStore().save('notes.ep', list);
  await runAgentInSubprocess('agent.js#plan', { task: 'x' }, { answersFile: 'answers.json' });
  const answer = await answersFrom(['yes'])('Proceed?');
  return answer ? rankRecords(list, 'pilot') : [];
}
`;

/** A consumer project with ep-runtime in its node_modules (a link to this checkout) and one TypeScript program. */
let dir: string;
let program: ts.Program;

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ep-consumer-'));
  await mkdir(path.join(dir, 'node_modules'));
  await symlink(ROOT, path.join(dir, 'node_modules', 'ep-runtime'), 'dir');
  await writeFile(path.join(dir, 'package.json'), '{"type": "module"}\n');
  const sources = {
    'embedder.ts': EMBEDDER,
    'plugin.ts': PLUGIN_AUTHOR,
    'records.ts': RECORDS_AND_SESSIONS,
    'entries.ts': await entriesModule(),
  };
  for (const [name, text] of Object.entries(sources)) await writeFile(path.join(dir, name), text);
  program = ts.createProgram(
    Object.keys(sources).map((name) => path.join(dir, name)),
    {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts', 'lib.esnext.disposable.d.ts'],
      types: ['node'],
      typeRoots: [path.join(ROOT, 'node_modules/@types')],
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
    },
  );
});

after(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The package's `exports` entries that are modules, with the declarations each names. */
async function exportedEntries(): Promise<Array<{ specifier: string; types: string }>> {
  const manifest = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { types: string }>;
  };
  return Object.entries(manifest.exports)
    .filter((entry): entry is [string, { types: string }] => typeof entry[1] === 'object')
    .map(([subpath, target]) => ({ specifier: path.posix.join('ep-runtime', subpath), types: path.join(ROOT, target.types) }));
}

/** One namespace import of every entry, so each entry's exports can be read off the program. */
async function entriesModule(): Promise<string> {
  const entries = await exportedEntries();
  return entries.map(({ specifier }, i) => `export * as entry${i} from '${specifier}';\n`).join('');
}

function moduleOf(specifier: string): ts.Symbol {
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(path.join(dir, 'entries.ts'))!;
  const declaration = file.statements
    .filter(ts.isExportDeclaration)
    .find((statement) => (statement.moduleSpecifier as ts.StringLiteral).text === specifier);
  assert.ok(declaration, `entries.ts imports ${specifier}`);
  const symbol = checker.getSymbolAtLocation(declaration.moduleSpecifier!);
  assert.ok(symbol, `${specifier} resolves to a module`);
  return symbol;
}

function targetOf(symbol: ts.Symbol): ts.Symbol {
  const checker = program.getTypeChecker();
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

function declaredIn(symbol: ts.Symbol | undefined, folder: string): boolean {
  return (symbol?.declarations ?? []).some((declaration) => declaration.getSourceFile().fileName.includes(`/dist/src/${folder}`));
}

/** What a signature can name: a declared type, as opposed to a method, a literal or an anonymous shape. */
const DECLARED_TYPE = ts.SymbolFlags.Interface | ts.SymbolFlags.Class | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Enum;

/**
 * The named types of the package a signature-level walk from the facade's exports meets: the parameter and
 * result types of every exported function and of every member of the library API's own interfaces
 * (src/api: Ep, its groups, the options and results declared there), whose members are walked in turn.
 */
function typesTheApiUses(facade: ts.Symbol): Map<ts.Symbol, string> {
  const checker = program.getTypeChecker();
  const found = new Map<ts.Symbol, string>();
  const walked = new Set<ts.Type>();
  const visitSignature = (signature: ts.Signature, where: string) => {
    for (const parameter of signature.getParameters()) visit(checker.getTypeOfSymbol(parameter), `${where}(${parameter.name})`);
    visit(signature.getReturnType(), `${where}()`);
  };
  const visitMembers = (type: ts.Type, where: string) => {
    for (const property of checker.getPropertiesOfType(type)) visit(checker.getTypeOfSymbol(property), `${where}.${property.name}`);
  };
  const visit = (type: ts.Type, where: string): void => {
    if (walked.has(type)) return;
    walked.add(type);
    if (type.flags & ts.TypeFlags.TypeParameter) return;
    if (type.isUnionOrIntersection()) return type.types.forEach((member) => visit(member, where));
    const symbol = type.aliasSymbol ?? type.getSymbol();
    const named = symbol && symbol.flags & DECLARED_TYPE ? symbol : undefined;
    if (named && declaredIn(named, '') && !found.has(named)) found.set(named, where);
    const typeArguments =
      type.aliasTypeArguments ?? (type.flags & ts.TypeFlags.Object ? checker.getTypeArguments(type as ts.TypeReference) : []);
    for (const argument of typeArguments) visit(argument, where);
    for (const signature of type.getCallSignatures()) visitSignature(signature, where);
    // Anonymous shapes (`{ cleared: boolean }`) and the API's own declarations are part of the signature.
    if ((!named && type.flags & ts.TypeFlags.Object) || declaredIn(named, 'api/')) visitMembers(type, where);
  };
  for (const exported of checker.getExportsOfModule(facade)) {
    const target = targetOf(exported);
    if (target.flags & ts.SymbolFlags.Function) visit(checker.getTypeOfSymbol(target), exported.name);
    else if (target.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias) && declaredIn(target, 'api/')) {
      visit(checker.getDeclaredTypeOfSymbol(target), exported.name);
    }
  }
  return found;
}

describe('the published surface', () => {
  it('embedders, plugin authors and record users type-check against the shipped declarations', () => {
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    assert.deepEqual(problems, []);
  });

  it('every entry of package.json exports resolves to its declarations and loads', async () => {
    const resolved = new Set(program.getSourceFiles().map((source) => source.fileName));
    const entries = await exportedEntries();
    assert.ok(entries.some(({ specifier }) => specifier === 'ep-runtime/plugin'));
    for (const { specifier, types } of entries) {
      assert.ok(resolved.has(types), `${specifier} resolves to ${path.relative(ROOT, types)}`);
      const loaded = (await import(specifier)) as Record<string, unknown>;
      assert.ok(Object.keys(loaded).length > 0, `${specifier} loads and exports values`);
    }
  });

  it('no entry exports one declaration under two names', async () => {
    const checker = program.getTypeChecker();
    for (const { specifier } of await exportedEntries()) {
      const names = new Map<ts.Symbol, string>();
      const twice: string[] = [];
      for (const exported of checker.getExportsOfModule(moduleOf(specifier))) {
        const target = targetOf(exported);
        const first = names.get(target);
        if (first) twice.push(`${first} and ${exported.name}`);
        else names.set(target, exported.name);
      }
      assert.deepEqual(twice, [], `${specifier} exports one declaration under two names`);
    }
  });

  it('ep-runtime exports every type its functions and the Ep API name in their signatures', () => {
    const facade = moduleOf('ep-runtime');
    const exported = new Set(program.getTypeChecker().getExportsOfModule(facade).map(targetOf));
    const used = typesTheApiUses(facade);
    assert.ok(used.size > 20, `the walk finds the API's types (found ${used.size})`);
    const missing = [...used].filter(([symbol]) => !exported.has(symbol)).map(([symbol, where]) => `${symbol.name} (in ${where})`);
    assert.deepEqual(missing, []);
  });
});
