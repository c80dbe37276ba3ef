import { crc32 } from 'node:zlib';
import { DEFAULT_SEARCH_FIELDS, searchDocuments } from '../../../records/document-text.js';
import { isJsonObject } from '../../../records/json.js';
import type { Scenario } from '../../../records/scenario.js';
import type { PersistedIndexFormat, SearchDocument, SearchIndex } from '../../../search/search-engine.js';
import { parseJsonPreservingNumbers } from '../../../storage/json/record-json-parser.js';
import type { RecordSource } from '../record-source.js';
import { PREFIX_BYTES, SIDECAR_MAGIC, SIDECAR_VERSION, sidecarsSupported, type SidecarHeader } from './sidecar-format.js';

export interface DecodedSidecar {
  readonly header: SidecarHeader;
  readonly body: Buffer;
  readonly source: RecordSource;
}

/** Why a sidecar was not used; the cache then reads the package and writes a new one. */
export class SidecarInvalid extends Error {}

/**
 * Reads a sidecar back, trusting nothing in it: the magic, version and CRC-32 first (a truncated or
 * damaged file fails here), then the header's shape, every section within the body and of the size its
 * count implies. Undefined for a sidecar that fails any of these. What is read only when needed is checked
 * then, and throws SidecarInvalid when it fails (the reader then answers from the package instead): a
 * column's offsets ascending and ending where its text ends, when the column is first read; a record text
 * parsing to an object, when the record is first asked for; the search index, when it is first opened.
 */
export function decodeSidecar(file: Buffer): DecodedSidecar | undefined {
  try {
    return decode(file);
  } catch (error) {
    if (error instanceof SidecarInvalid) return undefined;
    throw error;
  }
}

function decode(file: Buffer): DecodedSidecar {
  check(sidecarsSupported && file.length >= PREFIX_BYTES, 'too short');
  check(file.readUInt32LE(0) === SIDECAR_MAGIC && file.readUInt32LE(4) === SIDECAR_VERSION, 'not a sidecar of this version');
  const headerLength = file.readUInt32LE(8);
  check(headerLength <= file.length - PREFIX_BYTES, 'header past the end');
  check(crc32(file.subarray(PREFIX_BYTES)) === file.readUInt32LE(12), 'checksum');
  const header = parseHeader(file.toString('utf8', PREFIX_BYTES, PREFIX_BYTES + headerLength));
  const body = file.subarray(PREFIX_BYTES + headerLength);
  const count = header.count;
  const section = (name: string, unit: number): Buffer => {
    const range = header.sections[name];
    check(range !== undefined, `section ${name} missing`);
    const [offset, length] = range;
    check(offset + length <= body.length, `section ${name} past the end`);
    if (unit) check(length === unit * count && offset % 4 === 0, `section ${name} size`);
    return body.subarray(offset, offset + length);
  };
  const records = section('records', 0);
  const recordEnds = ends(section('recordEnds', 4), records.length);
  const keyKinds = section('keyKinds', 1);
  const keys = textColumn(section('keyEnds', 4), section('keys', 0));
  const columns = DEFAULT_SEARCH_FIELDS.map((field) => textColumn(section(`ends:${field}`, 4), section(`text:${field}`, 0)));
  const indexBytes = header.index === undefined ? undefined : section('index', 0);
  let index: SearchIndex | undefined;
  const parsed: (Scenario | undefined)[] = new Array<Scenario | undefined>(count);

  const record = (index: number): Scenario => {
    const cached = parsed[index];
    if (cached) return cached;
    let value: unknown;
    try {
      value = parseJsonPreservingNumbers(records.toString('utf8', index === 0 ? 0 : recordEnds[index - 1]!, recordEnds[index]));
    } catch (error) {
      throw new SidecarInvalid(`record ${index} does not parse`, { cause: error });
    }
    if (!isJsonObject(value)) throw new SidecarInvalid(`record ${index} is not an object`);
    return (parsed[index] = value);
  };
  const source: RecordSource = {
    length: count,
    record,
    stringField: (index, field) => {
      if (field !== 'key') {
        const value = record(index)[field];
        return typeof value === 'string' ? value : undefined;
      }
      return keyKinds[index] === 1 ? keys.at(index) : undefined;
    },
    firstIndexOfKey: (key) => keys.indexOf(key, (index) => keyKinds[index] === 1),
    // Packages with an unreadable record are never cached.
    readable: () => true,
    searchIndex: (format: PersistedIndexFormat) => {
      if (!indexBytes || header.index !== format.format) return undefined;
      index ??= format.open(indexBytes);
      if (!index || index.size !== count) throw new SidecarInvalid('search index');
      return index;
    },
    documents: (fields) => {
      if (fields !== undefined)
        return searchDocuments(
          Array.from({ length: count }, (_, index) => record(index)),
          fields,
        );
      // One object shape for every document (a literal, not fields added one by one): this runs cold, once
      // per call, over every record.
      const [key, kind, title, summary, content, tags] = columns as [
        TextColumn,
        TextColumn,
        TextColumn,
        TextColumn,
        TextColumn,
        TextColumn,
      ];
      const documents: SearchDocument[] = new Array<SearchDocument>(count);
      for (let index = 0; index < count; index += 1) {
        documents[index] = {
          key: key.at(index),
          kind: kind.at(index),
          title: title.at(index),
          summary: summary.at(index),
          content: content.at(index),
          tags: tags.at(index),
        };
      }
      return documents;
    },
  };
  return { header, body, source };
}

function check(condition: boolean, what: string): asserts condition {
  if (!condition) throw new SidecarInvalid(what);
}

function parseHeader(text: string): SidecarHeader {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SidecarInvalid('header is not JSON');
  }
  check(isJsonObject(value), 'header is not an object');
  const { identity, digest, count, fields, sections } = value;
  check(typeof identity === 'string' && typeof digest === 'string' && /^[0-9a-f]{64}$/.test(digest), 'stamp');
  check(typeof count === 'number' && Number.isSafeInteger(count) && count >= 0, 'count');
  check(
    Array.isArray(fields) &&
      fields.length === DEFAULT_SEARCH_FIELDS.length &&
      DEFAULT_SEARCH_FIELDS.every((field, i) => fields[i] === field),
    'fields',
  );
  check(isJsonObject(sections), 'sections');
  check(value.index === undefined || typeof value.index === 'string', 'index format');
  for (const range of Object.values(sections)) {
    check(
      Array.isArray(range) && range.length === 2 && range.every((n) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0),
      'section range',
    );
  }
  return value as unknown as SidecarHeader;
}

/** A u32 offset column, copied (the section need not be aligned in memory), checked ascending and ending at `total`. */
function ends(bytes: Buffer, total: number): Uint32Array {
  const column = new Uint32Array(bytes.length / 4);
  new Uint8Array(column.buffer).set(bytes);
  let previous = 0;
  for (const end of column) {
    check(end >= previous, 'offsets descend');
    previous = end;
  }
  check(previous === total, 'offsets do not end at the section end');
  return column;
}

/** The default fields in the order the document literal above lists them; fails to compile if they change. */
const LITERAL_FIELDS: typeof DEFAULT_SEARCH_FIELDS = ['key', 'kind', 'title', 'summary', 'content', 'tags'] as const;
void LITERAL_FIELDS;

interface TextColumn {
  at(index: number): string;
  /** The first position holding exactly `value` that `accept` takes, found by searching the text, not each entry. */
  indexOf(value: string, accept: (index: number) => boolean): number | undefined;
}

/** A column of strings, decoded and checked against its offsets when first read (a `get` reads only the keys). */
function textColumn(endBytes: Buffer, textBytes: Buffer): TextColumn {
  let decoded: { text: string; column: Uint32Array } | undefined;
  const read = () => {
    if (decoded) return decoded;
    const text = textBytes.toString('utf8');
    return (decoded = { text, column: ends(endBytes, text.length) });
  };
  const startOf = (column: Uint32Array, index: number) => (index === 0 ? 0 : column[index - 1]!);
  return {
    at: (index) => {
      const { text, column } = read();
      return text.slice(startOf(column, index), column[index]);
    },
    indexOf: (value, accept) => {
      const { text, column } = read();
      if (value === '') {
        const found = column.findIndex((end, index) => end === startOf(column, index) && accept(index));
        return found < 0 ? undefined : found;
      }
      for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + 1)) {
        // The entry holding offset `at`: the first whose end lies past it.
        let low = 0;
        let high = column.length - 1;
        while (low < high) {
          const middle = (low + high) >> 1;
          if (column[middle]! > at) high = middle;
          else low = middle + 1;
        }
        if (startOf(column, low) === at && column[low] === at + value.length && accept(low)) return low;
      }
      return undefined;
    },
  };
}
