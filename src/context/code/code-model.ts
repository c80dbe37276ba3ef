/**
 * A list of numbers a reader only indexes and iterates: an array from the parser, a view of the tree
 * cache's column when decoded from it (so a warm request makes no array per definition and per file).
 */
export type NumberList = ArrayLike<number> & Iterable<number>;

/** The languages ep reads with tree-sitter, and the vocabulary prefix each one's nodes use. */
export type CodeLanguage = 'python' | 'typescript' | 'tsx' | 'javascript';

/** `interface` and `type` (TypeScript) are declarations only: their whole text is their signature. */
export type SymbolKind = 'class' | 'interface' | 'type' | 'function' | 'method';

/** One definition found in a file: a class, interface, function or method. Lines are 1-based and inclusive. */
export interface CodeSymbol {
  readonly kind: SymbolKind;
  /** The short name: `AuthManager`, `login`; a method's is `Class.method`. */
  readonly name: string;
  readonly startLine: number;
  readonly endLine: number;
  /** Decorators and the header, without the body, as written (first line's indentation removed). */
  readonly signature: string;
  /** The docstring (Python) or leading doc comment (TypeScript, JavaScript), cleaned; '' when there is none. */
  readonly doc: string;
  /** Indices (into the file's `symbols`) of the methods a class defines. */
  readonly members: NumberList;
  /** Names the definition uses: calls, types, bases, plain identifiers. */
  readonly names: readonly string[];
  /** Member names it reaches through an attribute (`self.store.save()` gives `store` and `save`). */
  readonly attributes: readonly string[];
}

/** An import: the module it names (as written, or dotted for Python) and the names it brings in. */
export interface CodeImport {
  readonly module: string;
  readonly names: readonly string[];
  /** Leading dots of a Python relative import (`from ..x import y` is 2); 0 otherwise. */
  readonly level: number;
}

/** What parsing one file yields; cached by the file's content hash, so it holds no text of its own. */
export interface ParsedFile {
  readonly language: CodeLanguage;
  readonly lineCount: number;
  /** The module docstring or leading doc comment. */
  readonly doc: string;
  readonly symbols: readonly CodeSymbol[];
  readonly imports: readonly CodeImport[];
  /** Names used by top-level statements outside any definition. */
  readonly names: readonly string[];
  /** 1-based lines that carry structure (headers, decorators, docstrings, control flow, returns). */
  readonly outline: NumberList;
  /** The parser reported a syntax error: the file is served as a module only, its source text intact. */
  readonly parseError: boolean;
}

/** What the node table and rendering read of a definition: all a warm request decodes of it from the cache. */
export type SymbolOutline = Omit<CodeSymbol, 'names' | 'attributes'>;

/**
 * What the node table and rendering read of a parsed file. The names its code uses (`imports`, `names`, each
 * definition's `names` and `attributes`) serve only to resolve the graph's edges and build the search texts,
 * so the cache keeps them apart and decodes them only when those must be rebuilt.
 */
export interface FileOutline extends Omit<ParsedFile, 'symbols' | 'imports' | 'names'> {
  readonly symbols: readonly SymbolOutline[];
}

/** A file of the source tree with its text, content hash and (when it parsed) its definitions. */
export interface SourceFile {
  /** POSIX path relative to the root. */
  readonly path: string;
  readonly hash: string;
  readonly text: string;
  readonly parsed: FileOutline;
}
