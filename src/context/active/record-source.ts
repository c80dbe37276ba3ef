import { searchDocuments } from '../../records/document-text.js';
import type { Scenario } from '../../records/scenario.js';
import { isReadable } from '../../records/unreadable-record.js';
import type { PersistedIndexFormat, SearchDocument, SearchIndex } from '../../search/search-engine.js';

/**
 * A package's records as a corpus reads them: by position, with what search and `get` need (keys, search
 * documents) answerable without materialising every record. Records in memory answer from the records; the
 * read cache's sidecar answers from its columns and parses a record only when it is asked for.
 */
export interface RecordSource {
  readonly length: number;
  /** The record at `index`; the same object each time it is asked for. */
  record(index: number): Scenario;
  /** The record's `field` when it is a string (keys), else undefined. */
  stringField(index: number, field: string): string | undefined;
  /** False for a stored record that cannot be read (see unreadable-record.ts). */
  readable(index: number): boolean;
  /** Every record's search document, for the default fields (undefined) or the fields named. */
  documents(fields: readonly string[] | undefined): SearchDocument[];
  /** The position of the first record whose `key` is the string `key`, when the source can find it without reading every key. */
  firstIndexOfKey?(key: string): number | undefined;
  /** The search index kept over the default fields in `format`, when the source keeps one (the sidecar). */
  searchIndex?(format: PersistedIndexFormat): SearchIndex | undefined;
}

/** A source over records held in memory. */
export function recordsSource(records: readonly Scenario[]): RecordSource {
  return {
    length: records.length,
    record: (index) => records[index]!,
    stringField: (index, field) => {
      const value = records[index]![field];
      return typeof value === 'string' ? value : undefined;
    },
    readable: (index) => isReadable(records[index]!),
    documents: (fields) => searchDocuments(records, fields),
  };
}

/** Every record of a source, in order. */
export function allRecords(source: RecordSource): Scenario[] {
  return Array.from({ length: source.length }, (_, index) => source.record(index));
}
