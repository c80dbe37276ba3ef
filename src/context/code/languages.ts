import type { CodeLanguage } from './code-model.js';

export interface LanguageSpec {
  readonly language: CodeLanguage;
  /** The grammar file inside @vscode/tree-sitter-wasm. */
  readonly grammar: string;
  /** The vocabulary of its nodes: `uko-py:class/AuthManager`. */
  readonly prefix: string;
}

const PYTHON: LanguageSpec = { language: 'python', grammar: 'tree-sitter-python.wasm', prefix: 'uko-py:' };
const TYPESCRIPT: LanguageSpec = { language: 'typescript', grammar: 'tree-sitter-typescript.wasm', prefix: 'uko-ts:' };
const TSX: LanguageSpec = { language: 'tsx', grammar: 'tree-sitter-tsx.wasm', prefix: 'uko-ts:' };
const JAVASCRIPT: LanguageSpec = { language: 'javascript', grammar: 'tree-sitter-javascript.wasm', prefix: 'uko-js:' };

const BY_EXTENSION: Readonly<Record<string, LanguageSpec>> = {
  '.py': PYTHON,
  '.pyi': PYTHON,
  '.ts': TYPESCRIPT,
  '.mts': TYPESCRIPT,
  '.cts': TYPESCRIPT,
  '.tsx': TSX,
  '.js': JAVASCRIPT,
  '.mjs': JAVASCRIPT,
  '.cjs': JAVASCRIPT,
  '.jsx': JAVASCRIPT,
};

/** The language a path is read as, by its extension; undefined for files ep does not parse. */
export function languageOf(path: string): LanguageSpec | undefined {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return undefined;
  return BY_EXTENSION[path.slice(dot).toLowerCase()];
}

export function specOf(language: CodeLanguage): LanguageSpec {
  return { python: PYTHON, typescript: TYPESCRIPT, tsx: TSX, javascript: JAVASCRIPT }[language];
}
