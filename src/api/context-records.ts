import {
  type ContextGetResult,
  type ContextHistoryResult,
  type ContextPackResult,
  type ContextSearchResult,
  type ContextWriteResult,
  type ContextPackRequest,
  type ContextReadTarget,
  type ContextSearchRequest,
  type WithWarnings,
  type ContextWriteRequest,
  ContextRecords,
} from '../context/active/context-records-contract.js';
import { splitRuntimeOptions } from '../runtime/plan-runtime.js';
import { withRuntime, type RuntimeOptions } from '../runtime/runtime.js';

/** What every call here reads: a runtime started for one call starts only the context records' plugins. */
const NEEDS = [ContextRecords];

export type {
  ContextGetResult,
  ContextHistoryResult,
  ContextPackResult,
  ContextSearchResult,
  ContextWriteResult,
  ContextPackRequest,
  ContextSearchRequest,
  WithWarnings,
  ContextWriteRequest,
};

/** Ranks the records of the active context packages (or `paths`), read as one corpus. */
export function searchContext(request: ContextSearchRequest, options: RuntimeOptions = {}): Promise<WithWarnings<ContextSearchResult>> {
  return withRuntime(options, (runtime) => runtime.get(ContextRecords).search(request), NEEDS);
}

/** The record with `key` in the active packages (or `paths`): the first package holding it wins, a warning names the others. */
export function getContextRecord(key: string, options: ContextReadTarget & RuntimeOptions = {}): Promise<WithWarnings<ContextGetResult>> {
  const [runtime, target] = splitRuntimeOptions(options);
  return withRuntime(runtime, (started) => started.get(ContextRecords).get(key, target), NEEDS);
}

/** Prompt-ready lines for the best matches within the character and/or token budget. */
export function packContext(request: ContextPackRequest, options: RuntimeOptions = {}): Promise<WithWarnings<ContextPackResult>> {
  return withRuntime(options, (runtime) => runtime.get(ContextRecords).pack(request), NEEDS);
}

/** The commits of the write context (or `path`), newest first, with their messages. */
export function contextHistory(options: { path?: string } & RuntimeOptions = {}): Promise<WithWarnings<ContextHistoryResult>> {
  const [runtime, target] = splitRuntimeOptions(options);
  return withRuntime(runtime, (started) => started.get(ContextRecords).history(target), NEEDS);
}

/** Appends a record to the write context (one commit); an existing key is `DUPLICATE_KEY`. */
export function addContextRecord(request: ContextWriteRequest, options: RuntimeOptions = {}): Promise<WithWarnings<ContextWriteResult>> {
  return withRuntime(options, (runtime) => runtime.get(ContextRecords).add(request), NEEDS);
}

/** Replaces the record with the same key in the write context, or appends it (one commit). */
export function upsertContextRecord(request: ContextWriteRequest, options: RuntimeOptions = {}): Promise<WithWarnings<ContextWriteResult>> {
  return withRuntime(options, (runtime) => runtime.get(ContextRecords).upsert(request), NEEDS);
}
