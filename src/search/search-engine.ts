import { createToken } from '../kernel/token.js';
/**
 * The contract every search plugin serves. Callers (ScenarioList, the context assembly pipeline) turn their
 * records into documents (field name → text, already selected and joined); the engine indexes them and
 * answers queries with document positions and scores.
 */
export interface SearchDocument {
  readonly [field: string]: string;
}

export interface SearchHit {
  /** Position of the document in the list given to `buildIndex`. */
  readonly index: number;
  readonly score: number;
}

export interface SearchQueryOptions {
  /** At most this many hits, applied after ranking. */
  readonly topK?: number;
}

export interface SearchIndex {
  readonly size: number;
  /** Hits with score > 0, score descending, ties in document order. */
  search(query: string, options?: SearchQueryOptions): SearchHit[];
  /**
   * Every document's score for `query`, in document order (0 where `search` gives no hit): the scores
   * `search` ranks, for callers that need them all and no order (the context pipeline scores every entry).
   */
  scoresFor?(query: string): Float64Array;
}

export interface SearchIndexOptions {
  /** Fields to index; all fields of the documents when absent. */
  readonly fields?: readonly string[];
  /** Per-field weights, for engines that support them. */
  readonly boosts?: Readonly<Record<string, number>>;
}

/**
 * A column of texts as its caller already holds it: every text's UTF-8 bytes back to back, and where each text
 * ends, in UTF-16 units. A column is ASCII exactly when its byte length equals its last end.
 */
export interface EncodedColumn {
  readonly ends: Uint32Array;
  readonly text: Uint8Array;
}

/**
 * An engine's index as bytes, for caches that keep it between processes (the read cache of `ep context`):
 * a warm `ep context search` then reads the postings instead of tokenizing every record again.
 */
export interface PersistedIndexFormat {
  /** Names the layout and its version; an index kept under another name is not opened. */
  readonly format: string;
  encode(documents: readonly SearchDocument[], options?: SearchIndexOptions): Uint8Array;
  /**
   * What `encode` makes of documents given as columns (`columns[f][d]`: document d's text for the f-th of
   * the fields it would be given), for formats that can read them so: the read cache holds its records' search
   * texts that way. `encoded`, when given, holds the same columns encoded (each `encoded[f]` is `columns[f]`), to
   * read instead of the strings. The bytes may be a view of the larger buffer they were built in (the read cache
   * writes them once): a caller that keeps them should keep a copy.
   */
  encodeColumns?(columns: readonly (readonly string[])[], encoded?: readonly EncodedColumn[]): Uint8Array;
  /**
   * The index `encode` made, read back without trusting it: undefined when the bytes fail any check. Its
   * hits equal those of `buildIndex` over the same documents and options.
   */
  open(bytes: Uint8Array): SearchIndex | undefined;
  /**
   * The same index read as a search needs it, for formats that can: what every search reads (checked now,
   * undefined when that fails), the rest (a term's postings, say) when a query first asks for it, checked
   * then. A part that fails its checks then throws IndexDamaged, or whatever `source.read` throws; the
   * caller answers from an index built again. Hits equal `open`'s over the same bytes.
   */
  openSource?(source: IndexByteSource): SearchIndex | undefined;
  /**
   * Indexes `open` gave, ranked as one index over their documents concatenated in order (several packages
   * read as one corpus), with the hits an index built over the concatenation would give. Undefined when the
   * engine cannot (the caller then builds one from the documents).
   */
  combine?(indexes: readonly SearchIndex[]): SearchIndex | undefined;
}

/** An encoded index read a range at a time (a cache file read in checked blocks). */
export interface IndexByteSource {
  readonly byteLength: number;
  /** Bytes `offset .. offset + length`; throws when they cannot be read or fail their checks. */
  read(offset: number, length: number): Uint8Array;
}

/** A part of an index opened from a source failed its checks when first read (see `openSource`). */
export class IndexDamaged extends Error {}

export interface SearchEngine {
  /** A short name for listings and benchmarks: `bm25`, `elasticlunr`. */
  readonly name: string;
  /** How this engine's index is kept as bytes, for engines that can. */
  readonly persistedIndex?: PersistedIndexFormat;
  buildIndex(documents: readonly SearchDocument[], options?: SearchIndexOptions): SearchIndex;
  /**
   * One query over documents indexed for nothing else: the same hits as `buildIndex(...).search(...)`, for
   * engines that can rank a single query more cheaply than they can build an index (a CLI call asks once).
   */
  searchOnce?(documents: readonly SearchDocument[], query: string, options?: SearchIndexOptions & SearchQueryOptions): SearchHit[];
}

/** Ranks documents for a query: BM25 by default, elasticlunr or a third-party engine by config. */
export const SearchEngine = createToken<SearchEngine>('ep.SearchEngine');
