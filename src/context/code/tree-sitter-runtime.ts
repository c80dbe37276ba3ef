import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Language, Parser } from '@vscode/tree-sitter-wasm';
import type { CodeLanguage } from './code-model.js';
import { specOf } from './languages.js';

type TreeSitterModule = typeof import('@vscode/tree-sitter-wasm');

const require = createRequire(import.meta.url);
let runtime: Promise<{ module: TreeSitterModule; dir: string }> | undefined;
const languages = new Map<CodeLanguage, Promise<Language>>();

/**
 * The tree-sitter runtime and grammars, compiled to WebAssembly and shipped in @vscode/tree-sitter-wasm
 * (its runtime matches its grammars' ABI). Loaded once per process, on the first file that needs parsing,
 * so a request answered from the cache never pays for it.
 */
function loadRuntime(): Promise<{ module: TreeSitterModule; dir: string }> {
  runtime ??= (async () => {
    const entry = require.resolve('@vscode/tree-sitter-wasm');
    const dir = path.dirname(entry);
    const module = require(entry) as TreeSitterModule;
    await module.Parser.init({ locateFile: (file: string) => path.join(dir, file) });
    return { module, dir };
  })();
  return runtime;
}

/** A parser set to a language's grammar. Parsers are cheap; callers keep one per language for a batch. */
export async function parserFor(language: CodeLanguage): Promise<Parser> {
  const { module, dir } = await loadRuntime();
  let grammar = languages.get(language);
  if (!grammar) {
    grammar = readFile(path.join(dir, specOf(language).grammar)).then((bytes) => module.Language.load(bytes));
    languages.set(language, grammar);
  }
  const parser = new module.Parser();
  parser.setLanguage(await grammar);
  return parser;
}
