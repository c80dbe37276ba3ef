import type { Parser } from '@vscode/tree-sitter-wasm';
import type { CodeLanguage, ParsedFile } from './code-model.js';
import { extractEcmascript } from './ecmascript-extractor.js';
import { extractPython } from './python-extractor.js';
import { moduleOnly } from './symbol-collector.js';
import { parserFor } from './tree-sitter-runtime.js';

/** Parsing stops after this long on one file (a minified bundle, say); the file is then served as a module. */
const PARSE_TIMEOUT_MICROS = 2_000_000;

/**
 * Parses files with one parser per language. A file with a syntax error, or one the parser gives up on,
 * degrades to its module: never an error for the request that reads it.
 */
export class SourceParser {
  private readonly parsers = new Map<CodeLanguage, Promise<Parser>>();

  async parse(text: string, language: CodeLanguage): Promise<ParsedFile> {
    const lineCount = countLines(text);
    let parser = this.parsers.get(language);
    if (!parser) {
      parser = parserFor(language).then((created) => {
        created.setTimeoutMicros(PARSE_TIMEOUT_MICROS);
        return created;
      });
      this.parsers.set(language, parser);
    }
    const ready = await parser;
    let tree;
    try {
      tree = ready.parse(text);
    } catch {
      tree = null;
    }
    if (!tree) {
      ready.reset();
      return moduleOnly(language, lineCount);
    }
    try {
      if (tree.rootNode.hasError) return moduleOnly(language, lineCount);
      return language === 'python' ? extractPython(tree, text, lineCount) : extractEcmascript(tree, text, lineCount, language);
    } finally {
      tree.delete();
    }
  }

  /** Frees the parsers' WebAssembly memory. */
  async dispose(): Promise<void> {
    for (const parser of this.parsers.values()) (await parser).delete();
    this.parsers.clear();
  }
}

export function countLines(text: string): number {
  if (text === '') return 0;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < text.length - 1; i = text.indexOf('\n', i + 1)) lines += 1;
  return lines;
}
