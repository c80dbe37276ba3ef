import { createToken } from '../../kernel/token.js';
import type { PersistedIndexFormat, SearchIndex } from '../../search/search-engine.js';
import type { CodeGraph, CodeNode } from './code-graph.js';
import type { RepoMap, RepoMapOptions } from './repo-map.js';
import type { SourceTree } from './source-tree.js';

/** A source tree as read once for a runtime: its files and the reference graph over them. */
export interface CodeSnapshot {
  readonly tree: SourceTree;
  readonly graph: CodeGraph;
  /**
   * What each node (by id) is searched by: identifiers, module and docstring. Read from the cache when
   * first asked for (a request ranked from the kept index never asks); made again if the kept ones fail
   * their checks.
   */
  searchTexts(): Promise<readonly string[]>;
  /**
   * The nodes' search index in `format` (document i is node i's search text), as the cache keeps it; built
   * and kept with the tree when the cache has none in that format. Undefined when the cache is off or the
   * index cannot be opened.
   */
  searchIndex(format: PersistedIndexFormat): Promise<SearchIndex | undefined>;
  /**
   * The index `searchIndex` gave failed its checks while a query read it (IndexDamaged): it is built again
   * from the search texts and kept with the tree in its place.
   */
  searchIndexDamaged(format: PersistedIndexFormat): Promise<void>;
}

export interface CodeContext {
  /** Reads and parses the tree on first use (unchanged files from the cache); undefined when there is no root. */
  load(): Promise<CodeSnapshot | undefined>;
  /** A ranked map of the repository's definitions within a token budget. */
  map(options?: RepoMapOptions): Promise<RepoMap>;
  /** The configured tokenizer's count of a node rendered at `depth`, when an earlier count is kept. */
  knownTokens(node: CodeNode, depth: number): number | undefined;
  /** Keeps a count made for a node's rendering (written with the cache on shutdown). */
  rememberTokens(node: CodeNode, depth: number, tokens: number): void;
}

/** The project's source tree as context: parsed files, the reference graph and the repository map. */
export const CodeContext = createToken<CodeContext>('ep.CodeContext');
