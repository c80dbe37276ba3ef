import { crc32 } from 'node:zlib';
import { DEFAULT_SEARCH_FIELDS, searchDocuments } from '../../../records/document-text.js';
import { isJsonObject } from '../../../records/json.js';
import type { Scenario } from '../../../records/scenario.js';
import type { SearchDocument } from '../../../search/search-engine.js';
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
 * count implies, and every offset column ascending and ending where its section ends. Undefined for a
 * sidecar that fails any check. A record text is parsed when the record is first asked for; one that does
 * not parse to an object throws SidecarInvalid, and the reader then answers from the package instead.
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
    // Packages with an unreadable record are never cached.
    readable: () => true,
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
}

/** A column of strings: its text decoded and checked against the offsets' total before anything is read. */
function textColumn(endBytes: Buffer, textBytes: Buffer): TextColumn {
  const text = textBytes.toString('utf8');
  const column = ends(endBytes, text.length);
  return { at: (index) => text.slice(index === 0 ? 0 : column[index - 1]!, column[index]) };
}
