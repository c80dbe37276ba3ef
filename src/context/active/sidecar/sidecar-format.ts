import { endianness } from 'node:os';
import { encodeBlockFile, SectionedBlockFile, type BodyPart } from '../../../limits/block-file.js';
import { DEFAULT_SEARCH_FIELDS, searchColumns } from '../../../records/document-text.js';
import type { Scenario } from '../../../records/scenario.js';
import { Limits } from '../../../limits/limits.js';
import type { EncodedColumn, PersistedIndexFormat, SearchDocument } from '../../../search/search-engine.js';
import { stringifyJsonPreservingNumbers } from '../../../storage/json/exact-json-writer.js';
import type { SidecarStamp } from './sidecar-stamp.js';

/**
 * The read cache's file for one package version: its records as one buffer of JSON texts with their end
 * offsets, the `key` of each record and its search-document text per default field as columns, so a search
 * or a `get` reads it without parsing every record.
 *
 * A block file (see limits/block-file.ts): a JSON header (stamp, record count, section offsets and lengths
 * relative to the body) and a body read in checked blocks. Sections: `records` (bytes) with `recordEnds`
 * (u32 byte offsets); `keyKinds` (u8: 1 when the record's key is a string) with `keyEnds` (u32, UTF-16
 * offsets) and `keys`; and what searches read, which the first read that searches adds, so a package only
 * ever read by key never pays for it: per default field `ends:<field>` and `text:<field>` alike (the search
 * columns) and, when the search engine can keep its index as bytes, `index` (that engine's format, named in
 * the header) over the default fields, so a warm search reads postings instead of tokenizing every record.
 * A reader reads the sections it needs: a `get` reads the keys and one record, not the file. Everything
 * read back is checked (see sidecar-decode.ts).
 */
export const SIDECAR_MAGIC = 0x43525045;
/**
 * 2: the search index section. 3: checksums per block, so a reader reads only the sections it needs.
 * 4: the search columns are written by the first read that searches.
 */
export const SIDECAR_VERSION = 4;

/** What a sidecar keeps for searches: the search columns, and the index in `index`'s format when given. */
export interface SidecarSearch {
  readonly index?: PersistedIndexFormat | undefined;
}

/** Every record's text for each default search field: `[f][d]` is record d's for DEFAULT_SEARCH_FIELDS[f]. */
type SearchColumns = readonly (readonly string[])[];

/** The sections of one field's search column: its UTF-16 end offsets and its text. */
export const searchColumnSections = (field: string) => [`ends:${field}`, `text:${field}`] as const;
/** The sections of the search columns: a sidecar holds all of them or none. */
export const SEARCH_COLUMN_SECTIONS: readonly string[] = DEFAULT_SEARCH_FIELDS.flatMap(searchColumnSections);

/** Whether a sidecar holds the search columns (a read that searches wrote or extended it). */
export function hasSearchColumns(contents: Pick<SidecarContents, 'sections'>): boolean {
  return SEARCH_COLUMN_SECTIONS.every((name) => contents.sections[name] !== undefined);
}

/** Whether a read that searches (`search`) finds the sidecar without its columns, or without an index it would keep. */
export function lacksSearchData(contents: Pick<SidecarContents, 'sections' | 'index'>, search: SidecarSearch): boolean {
  return !hasSearchColumns(contents) || (search.index !== undefined && contents.index === undefined);
}

export type Sections = Record<string, readonly [offset: number, length: number]>;

/** What `encodeSidecar` puts in a header; writing it adds the body's layout (`SidecarHeader`). */
export interface SidecarContents extends SidecarStamp {
  readonly count: number;
  readonly fields: readonly string[];
  readonly sections: Sections;
  /** The format of the `index` section, when there is one. */
  readonly index?: string;
}

export interface SidecarHeader extends SidecarContents {
  readonly bodyBytes: number;
  readonly blockBytes: number;
}

/** Sidecars are written and read as native u32 arrays; a big-endian host simply keeps no sidecar. */
export const sidecarsSupported = endianness() === 'LE';

/**
 * The records' JSON texts as UTF-8 chunks with the byte offset where each ends. `stored` are the texts the
 * records were parsed from (see LoadedPackage.recordBytes), used as they are; without them each record is
 * written again, all at once rather than a buffer per record: when the text is ASCII (its byte length is
 * its length), the offsets are the texts' lengths, and only otherwise is each text's byte length counted.
 */
function recordTexts(records: readonly Scenario[], stored?: readonly Uint8Array[]): { ends: Uint32Array; chunks: readonly Uint8Array[] } {
  const ends = new Uint32Array(records.length);
  if (stored) {
    let end = 0;
    for (let index = 0; index < stored.length; index += 1) ends[index] = end += stored[index]!.length;
    return { ends, chunks: stored };
  }
  const texts = records.map((record) => stringifyJsonPreservingNumbers(record)!);
  const joined = texts.join('');
  const bytes = Buffer.from(joined, 'utf8');
  const ascii = bytes.length === joined.length;
  let end = 0;
  texts.forEach((text, index) => (ends[index] = end += ascii ? text.length : Buffer.byteLength(text, 'utf8')));
  return { ends, chunks: [bytes] };
}

/** A column of strings: UTF-16 end offsets and the UTF-8 text. */
function textColumn(values: readonly string[]): { ends: Uint32Array; text: Buffer } {
  const ends = new Uint32Array(values.length);
  let units = 0;
  for (let index = 0; index < values.length; index += 1) ends[index] = units += values[index]!.length;
  return { ends, text: asciiText(values, units) ?? Buffer.from(values.join(''), 'utf8') };
}

/** Texts joined a slice at a time, so no string of a whole column is made (at 70,000 records one was megabytes). */
const TEXTS_PER_SLICE = 512;

/**
 * The texts back to back (`units` code units in all) when every one is ASCII, written a slice of texts at a
 * time: their UTF-8 is their Latin-1. Undefined at the first slice with any other code.
 */
function asciiText(values: readonly string[], units: number): Buffer | undefined {
  const bytes = Buffer.allocUnsafe(units);
  for (let from = 0, at = 0; from < values.length; from += TEXTS_PER_SLICE) {
    const slice = values.slice(from, from + TEXTS_PER_SLICE).join('');
    // Only ASCII takes one UTF-8 byte per UTF-16 unit.
    if (Buffer.byteLength(slice, 'utf8') !== slice.length) return undefined;
    at += bytes.write(slice, at, 'latin1');
  }
  return bytes;
}

/**
 * Search text (UTF-16 units over the default fields) above which a record makes its package keep no index: such
 * records come only from packages written elsewhere (ep refuses records over `Limits.recordBytes`), and
 * indexing one would cost more memory than the index saves time; their searches rank the columns instead.
 */
const MAX_INDEXED_TEXT = Limits.recordBytes;

/** Whether no record's search text, over every column, is longer than an index takes. */
function indexable(columns: SearchColumns): boolean {
  // Integers, so the sums stay unboxed before the loop is optimised (a Float64Array boxes every element read).
  const lengths = new Uint32Array(columns[0]?.length ?? 0);
  for (const column of columns) {
    for (let row = 0; row < column.length; row += 1) {
      const length = lengths[row]! + column[row]!.length;
      if (length > MAX_INDEXED_TEXT) return false;
      lengths[row] = length;
    }
  }
  return true;
}

/**
 * The sidecar for `records` (all readable: unreadable ones are never cached), read from the package `stamp`
 * names, with what searches read when `search` is given. `stored`: the JSON texts the records were parsed
 * from, one per record (their bytes are kept as they are, and read back to the same records).
 */
export function encodeSidecar(
  records: readonly Scenario[],
  stamp: SidecarStamp,
  search?: SidecarSearch,
  stored?: readonly Uint8Array[],
): Buffer {
  return sidecarFile(records, stamp, search, stored).bytes();
}

/**
 * The sidecar `encodeSidecar` gives, as a file to write a piece at a time (see SectionedBlockFile): a read
 * writes the record texts from where it read them, without joining them in memory first.
 */
export function sidecarFile(
  records: readonly Scenario[],
  stamp: SidecarStamp,
  search?: SidecarSearch,
  stored?: readonly Uint8Array[],
): SectionedBlockFile {
  if (stored && stored.length !== records.length) throw new RangeError(`${stored.length} stored texts for ${records.length} records`);
  const parts: BodyPart[] = [];
  const texts = recordTexts(records, stored);
  parts.push(['recordEnds', u8(texts.ends)], ['records', texts.chunks]);
  const keys = records.map((record) => record.key);
  const keyColumn = textColumn(keys.map((key) => (typeof key === 'string' ? key : '')));
  const keyKinds = new Uint8Array(keys.length);
  for (let i = 0; i < keys.length; i += 1) keyKinds[i] = typeof keys[i] === 'string' ? 1 : 0;
  parts.push(['keyKinds', keyKinds]);
  parts.push(['keyEnds', u8(keyColumn.ends)], ['keys', keyColumn.text]);
  const indexFormat = search ? addSearchParts(parts, searchColumns(records), search, false) : undefined;
  const contents = { ...stamp, count: records.length, fields: DEFAULT_SEARCH_FIELDS, ...(indexFormat ? { index: indexFormat } : {}) };
  return new SectionedBlockFile(SIDECAR_MAGIC, SIDECAR_VERSION, contents, parts, 4);
}

/**
 * Adds to `parts` the search columns (`columns[f]`: every record's text for DEFAULT_SEARCH_FIELDS[f]) unless
 * `hasColumns`, and their index in `search`'s format, when given and the records are not too large to index;
 * the index's format name when added.
 */
function addSearchParts(parts: BodyPart[], columns: SearchColumns, search: SidecarSearch, hasColumns: boolean) {
  const encoded = hasColumns ? undefined : columns.map((column) => textColumn(column));
  encoded?.forEach((column, f) => {
    const [endsName, textName] = searchColumnSections(DEFAULT_SEARCH_FIELDS[f]!);
    parts.push([endsName, u8(column.ends)], [textName, column.text]);
  });
  const indexBytes = search.index && indexOf(columns, search.index, encoded);
  if (!indexBytes) return undefined;
  parts.push(['index', indexBytes]);
  return search.index.format;
}

/**
 * The sidecar `header` and `body` describe with what searches read added (see `addSearchParts`): what the
 * first search of a package a `get` cached writes. The other sections keep their bytes. Undefined when
 * there is nothing to add (the columns are there, and no index is to be kept).
 */
export function searchableSidecar(
  header: SidecarContents,
  body: Buffer,
  documents: readonly SearchDocument[],
  search: SidecarSearch,
): Buffer | undefined {
  const { identity, digest, count, fields, index } = header;
  // A kept index stays; a section named `index` that the header does not name is not one.
  const parts = Object.entries(header.sections)
    .filter(([name]) => name !== 'index' || index !== undefined)
    .map(([name, [offset, length]]): BodyPart => [name, body.subarray(offset, offset + length)]);
  const kept = parts.length;
  const columns = DEFAULT_SEARCH_FIELDS.map((field) => documents.map((document) => document[field] ?? ''));
  const added = addSearchParts(parts, columns, index === undefined ? search : {}, hasSearchColumns(header));
  if (parts.length === kept) return undefined;
  const format = index ?? added;
  return assembleSidecarParts({ identity, digest, count, fields, ...(format === undefined ? {} : { index: format }) }, parts);
}

function indexOf(columns: SearchColumns, index: PersistedIndexFormat, encoded?: readonly EncodedColumn[]): Uint8Array | undefined {
  if (!indexable(columns)) return undefined;
  if (index.encodeColumns) return index.encodeColumns(columns, encoded);
  const documents = (columns[0] ?? []).map((_, row) =>
    Object.fromEntries(DEFAULT_SEARCH_FIELDS.map((field, f) => [field, columns[f]![row]!])),
  );
  return index.encode(documents, { fields: DEFAULT_SEARCH_FIELDS });
}

/** The same sidecar under a new stamp (the package's identity changed, its bytes did not). */
export function restampSidecar(header: SidecarContents, body: Buffer, stamp: SidecarStamp): Buffer {
  return assembleSidecar({ ...header, identity: stamp.identity, digest: stamp.digest }, body);
}

/** The file for `contents` and `body` (see limits/block-file.ts, which adds the body's layout to the header). */
export function assembleSidecar(contents: SidecarContents, body: Buffer): Buffer {
  const { identity, digest, count, fields, sections, index } = contents;
  return encodeBlockFile(
    SIDECAR_MAGIC,
    SIDECAR_VERSION,
    {
      ...{ identity, digest, count, fields, sections },
      ...(index === undefined ? {} : { index }),
    },
    body,
  );
}

/** The file for `contents` and the sections `parts` hold, each on a 4-byte boundary (`sections` is added). */
function assembleSidecarParts(contents: Omit<SidecarContents, 'sections'>, parts: readonly BodyPart[]): Buffer {
  return new SectionedBlockFile(SIDECAR_MAGIC, SIDECAR_VERSION, contents, parts, 4).bytes();
}

function u8(array: Uint32Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}
