import { endianness } from 'node:os';
import { encodeBlockFile } from '../../../limits/block-file.js';
import { DEFAULT_SEARCH_FIELDS, searchDocuments } from '../../../records/document-text.js';
import type { Scenario } from '../../../records/scenario.js';
import { Limits } from '../../../limits/limits.js';
import type { PersistedIndexFormat, SearchDocument } from '../../../search/search-engine.js';
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
 * offsets) and `keys`; per default field `ends:<field>` and `text:<field>` alike; and, when the search
 * engine can keep its index as bytes, `index` (that engine's format, named in the header) over the default
 * fields, so a warm search reads postings instead of tokenizing every record; it is added by the first read
 * that searches, so a package only ever read by key never pays for it. A reader reads the sections it
 * needs: a `get` reads the keys and one record, not the file. Everything read back is checked (see
 * sidecar-decode.ts).
 */
export const SIDECAR_MAGIC = 0x43525045;
/** 2: the search index section. 3: checksums per block, so a reader reads only the sections it needs. */
export const SIDECAR_VERSION = 3;

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
 * The records' JSON texts as one UTF-8 buffer with the byte offset where each ends, encoded at once rather
 * than a buffer per record and a copy of them all: when the text is ASCII (its byte length is its length),
 * the offsets are the texts' lengths, and only otherwise is each text's byte length counted.
 */
function recordTexts(records: readonly Scenario[]): { ends: Uint32Array; bytes: Buffer } {
  const texts = records.map((record) => stringifyJsonPreservingNumbers(record)!);
  const joined = texts.join('');
  const bytes = Buffer.from(joined, 'utf8');
  const ascii = bytes.length === joined.length;
  const ends = new Uint32Array(texts.length);
  let end = 0;
  texts.forEach((text, index) => (ends[index] = end += ascii ? text.length : Buffer.byteLength(text, 'utf8')));
  return { ends, bytes };
}

/** A column of strings: UTF-16 end offsets and the UTF-8 text. */
function textColumn(values: readonly string[]): { ends: Uint32Array; text: Buffer } {
  const ends = new Uint32Array(values.length);
  let at = 0;
  values.forEach((value, index) => (ends[index] = at += value.length));
  return { ends, text: Buffer.from(values.join(''), 'utf8') };
}

/**
 * Search text (UTF-16 units over the default fields) above which a record makes its package keep no index: such
 * records come only from packages written elsewhere (ep refuses records over `Limits.recordBytes`), and
 * indexing one would cost more memory than the index saves time; their searches rank the columns instead.
 */
const MAX_INDEXED_TEXT = Limits.recordBytes;

function searchTextLength(document: SearchDocument): number {
  let length = 0;
  for (const field of DEFAULT_SEARCH_FIELDS) length += document[field]?.length ?? 0;
  return length;
}

/**
 * The sidecar for `records` (all readable: unreadable ones are never cached), read from the package `stamp`
 * names, with the search index in `index`'s format when given.
 */
export function encodeSidecar(records: readonly Scenario[], stamp: SidecarStamp, index?: PersistedIndexFormat): Buffer {
  const parts: [string, Uint8Array][] = [];
  const texts = recordTexts(records);
  parts.push(['recordEnds', u8(texts.ends)], ['records', texts.bytes]);
  const keys = records.map((record) => record.key);
  const keyColumn = textColumn(keys.map((key) => (typeof key === 'string' ? key : '')));
  parts.push(['keyKinds', Uint8Array.from(keys, (key) => (typeof key === 'string' ? 1 : 0))]);
  parts.push(['keyEnds', u8(keyColumn.ends)], ['keys', keyColumn.text]);
  const documents = searchDocuments(records, undefined);
  for (const field of DEFAULT_SEARCH_FIELDS) {
    const column = textColumn(documents.map((document) => document[field] ?? ''));
    parts.push([`ends:${field}`, u8(column.ends)], [`text:${field}`, column.text]);
  }
  const indexBytes = index && indexOf(documents, index);
  if (indexBytes) parts.push(['index', indexBytes]);
  const { sections, body } = layOut(parts);
  const header: SidecarContents = {
    ...stamp,
    count: records.length,
    fields: DEFAULT_SEARCH_FIELDS,
    sections,
    ...(indexBytes ? { index: index.format } : {}),
  };
  return assembleSidecar(header, body);
}

/**
 * The sidecar `header` and `body` describe with the search index of its `documents` added in `index`'s
 * format: what the first search of a package a `get` cached writes. The other sections keep their bytes and
 * places. Undefined when the documents are not indexed (see MAX_INDEXED_TEXT).
 */
export function indexSidecar(
  header: SidecarContents,
  body: Buffer,
  documents: readonly SearchDocument[],
  index: PersistedIndexFormat,
): Buffer | undefined {
  const indexBytes = indexOf(documents, index);
  if (!indexBytes) return undefined;
  const parts = Object.entries(header.sections)
    .filter(([name]) => name !== 'index')
    .map(([name, [offset, length]]): [string, Uint8Array] => [name, body.subarray(offset, offset + length)]);
  const laidOut = layOut([...parts, ['index', indexBytes]]);
  return assembleSidecar({ ...header, sections: laidOut.sections, index: index.format }, laidOut.body);
}

function indexOf(documents: readonly SearchDocument[], index: PersistedIndexFormat): Uint8Array | undefined {
  if (!documents.every((document) => searchTextLength(document) <= MAX_INDEXED_TEXT)) return undefined;
  return index.encode(documents, { fields: DEFAULT_SEARCH_FIELDS });
}

/** The body holding `parts` one after the other, each on a 4-byte boundary, and where each lies in it. */
function layOut(parts: readonly [string, Uint8Array][]): { sections: Record<string, [number, number]>; body: Buffer } {
  const sections: Record<string, [number, number]> = {};
  let offset = 0;
  for (const [name, bytes] of parts) {
    offset = (offset + 3) & ~3;
    sections[name] = [offset, bytes.length];
    offset += bytes.length;
  }
  const body = Buffer.alloc(offset);
  for (const [name, bytes] of parts) body.set(bytes, sections[name]![0]);
  return { sections, body };
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

function u8(array: Uint32Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}
