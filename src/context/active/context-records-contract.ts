import { createToken } from '../../kernel/token.js';
import type { Scenario } from '../../records/scenario.js';

/** A warning the envelope carries: `{code, message}`. */
export interface ContextWarning {
  readonly code: string;
  readonly message: string;
}

/** Which packages a read combines: explicit paths, else the active ones from `.edsl/context.json`. */
export interface ContextReadTarget {
  readonly paths?: readonly string[];
}

export interface ContextMatch {
  readonly score: number;
  /** The package the record came from, as the user named it (relative to the working directory). */
  readonly context_path: string;
  readonly scenario: Scenario;
}

export interface ContextSearchResult {
  /** The first package read; the seed's shape for a single active context. */
  readonly context_path: string;
  readonly context_paths: string[];
  readonly query: string;
  readonly matches: ContextMatch[];
}

export interface ContextGetResult {
  readonly context_path: string;
  readonly key: string;
  readonly scenario: Scenario;
}

export interface ContextPackResult {
  readonly context_path: string;
  readonly context_paths: string[];
  readonly query: string;
  readonly prompt_context: string;
  readonly included: { key: string; context_path: string }[];
  readonly omitted: number;
  readonly truncated: boolean;
  /** Exact tokens of `prompt_context`, present when a token budget was given. */
  readonly token_count?: number;
  readonly tokenizer?: string;
}

export interface ContextWriteResult {
  readonly context_path: string;
  readonly key: string;
  /** added (add); inserted, updated or unchanged (upsert of a record identical to the stored one). */
  readonly status: string;
  /** ok (a new commit) or unchanged (the record was already stored exactly so). */
  readonly save_status: 'ok' | 'unchanged';
  readonly commit: string;
  readonly message: string;
  readonly scenario: Scenario;
}

export interface ContextHistoryResult {
  readonly context_path: string;
  /** Newest first. */
  readonly commits: { commit: string; message: string; timestamp: string }[];
}

/** A result with the warnings the envelope (or a tool's output) carries beside it. */
export interface WithWarnings<T> {
  readonly data: T;
  readonly warnings: ContextWarning[];
}

export interface ContextSearchRequest extends ContextReadTarget {
  readonly query: string;
  readonly fields?: readonly string[];
  readonly topK?: number;
}

export interface ContextPackRequest extends ContextReadTarget {
  readonly query: string;
  readonly fields?: readonly string[];
  readonly topK?: number;
  readonly charBudget?: number;
  /** Exact tokens through the `Tokenizer` service. */
  readonly tokenBudget?: number;
}

export interface ContextWriteRequest {
  readonly record: unknown;
  /** `upsert --key`: fills the record's key when absent; a different key in the record is an error. */
  readonly key?: string;
  readonly message?: string;
  /** The package to write; the default write context when absent. */
  readonly path?: string;
}

/**
 * Search, get and pack over the active context packages (read as one corpus), and add and upsert into the
 * write context under the package's lock. The CLI, the library API and the context tools all go through it.
 */
export interface ContextRecords {
  search(request: ContextSearchRequest): Promise<WithWarnings<ContextSearchResult>>;
  get(key: string, target?: ContextReadTarget): Promise<WithWarnings<ContextGetResult>>;
  pack(request: ContextPackRequest): Promise<WithWarnings<ContextPackResult>>;
  add(request: ContextWriteRequest): Promise<WithWarnings<ContextWriteResult>>;
  upsert(request: ContextWriteRequest): Promise<WithWarnings<ContextWriteResult>>;
  /** The commits of the write context (or `path`), newest first, with their messages. */
  history(target?: { path?: string }): Promise<WithWarnings<ContextHistoryResult>>;
}

/** Search, get and pack over the active context packages as one corpus; add and upsert into the write context. */
export const ContextRecords = createToken<ContextRecords>('ep.ContextRecords');
