import { closeSync, type Stats } from 'node:fs';
import { crc32 } from 'node:zlib';
import { BlockCheckFailed, CheckedBlocks, fileSpans, memorySpans, readSpanSync } from '../../../limits/checked-blocks.js';
import { openCheckedFileSync, type CheckedFileOptions } from '../../../limits/checked-file.js';
import { Limits } from '../../../limits/limits.js';
import { DEFAULT_SEARCH_FIELDS, searchDocuments } from '../../../records/document-text.js';
import { isJsonObject } from '../../../records/json.js';
import type { Scenario } from '../../../records/scenario.js';
import type { PersistedIndexFormat, SearchDocument, SearchIndex } from '../../../search/search-engine.js';
import { parseJsonPreservingNumbers } from '../../../storage/json/record-json-parser.js';
import type { RecordSource } from '../record-source.js';
import { ends, textColumn, type TextColumn } from './sidecar-columns.js';
import { check, SidecarInvalid } from './sidecar-invalid.js';
import { PREFIX_BYTES, SIDECAR_MAGIC, SIDECAR_VERSION, sidecarsSupported, type SidecarHeader } from './sidecar-format.js';

export interface DecodedSidecar {
  readonly header: SidecarHeader;
  /** The whole body, every block checked (to write it again under a new stamp). */
  body(): Buffer;
  readonly source: RecordSource;
}

export { SidecarInvalid };

/** A cache file larger than a package may be is not read. */
const SIDECAR_FILE: CheckedFileOptions = { what: 'A cache entry', maxBytes: Limits.packageBytes };
/** Read at once when a sidecar is opened: the prefix, the header and the block table of most sidecars. */
const HEAD_BYTES = 64 * 1024;

/**
 * A sidecar file, trusting nothing in it. Opening reads and checks only its head: the magic and version, the
 * header and block table against their CRC-32, the header's shape, every section within the body and of the
 * size its count implies, and the file's size against the body's. Undefined for a sidecar that fails any of
 * these. The sections are read when first needed, each block checked against its checksum then (see
 * limits/checked-blocks.ts); what fails then throws SidecarInvalid (the reader then answers from the package
 * instead), as do a column whose offsets do not ascend to its end, a record text that does not parse to an
 * object and a search index that fails its checks.
 */
export function openSidecar(file: string): DecodedSidecar | undefined {
  let opened: { fd: number; info: Stats };
  try {
    opened = openCheckedFileSync(file, SIDECAR_FILE);
  } catch {
    return undefined;
  }
  const { fd, info } = opened;
  try {
    const first = readSpanSync(fd, 0, Math.min(info.size, HEAD_BYTES));
    const head = (start: number, end: number) => (end <= first.length ? first.subarray(start, end) : readSpanSync(fd, start, end));
    const { header, checksums, bodyStart } = decodeHead(head, info.size);
    return decodeBody(
      header,
      new CheckedBlocks(fileSpans(file, bodyStart, info, SIDECAR_FILE), header.bodyBytes, checksums, header.blockBytes),
    );
  } catch (error) {
    if (error instanceof SidecarInvalid || error instanceof BlockCheckFailed) return undefined;
    throw error;
  } finally {
    closeSync(fd);
  }
}

/** A sidecar held in memory (one just built), checked as `openSidecar` checks a file. */
export function decodeSidecar(file: Buffer): DecodedSidecar | undefined {
  try {
    const { header, checksums, bodyStart } = decodeHead((start, end) => file.subarray(start, end), file.length);
    return decodeBody(header, new CheckedBlocks(memorySpans(file.subarray(bodyStart)), header.bodyBytes, checksums, header.blockBytes));
  } catch (error) {
    if (error instanceof SidecarInvalid || error instanceof BlockCheckFailed) return undefined;
    throw error;
  }
}

/** The header and block checksums, checked, and where the body starts; `read` gives bytes of the file. */
function decodeHead(
  read: (start: number, end: number) => Buffer,
  size: number,
): { header: SidecarHeader; checksums: Uint32Array; bodyStart: number } {
  check(sidecarsSupported && size >= PREFIX_BYTES, 'too short');
  const prefix = read(0, PREFIX_BYTES);
  check(prefix.readUInt32LE(0) === SIDECAR_MAGIC && prefix.readUInt32LE(4) === SIDECAR_VERSION, 'not a sidecar of this version');
  const headerLength = prefix.readUInt32LE(8);
  check(headerLength <= size - PREFIX_BYTES, 'header past the end');
  const headerBytes = read(PREFIX_BYTES, PREFIX_BYTES + headerLength);
  const header = parseHeader(headerBytes.toString('utf8'));
  const tableStart = PREFIX_BYTES + headerLength;
  const blocks = Math.ceil(header.bodyBytes / header.blockBytes);
  const bodyStart = tableStart + blocks * 4;
  check(bodyStart + header.bodyBytes === size, "file size is not the header's");
  const table = read(tableStart, bodyStart);
  check(crc32(table, crc32(headerBytes)) === prefix.readUInt32LE(12), 'checksum');
  const checksums = new Uint32Array(blocks);
  for (let block = 0; block < blocks; block += 1) checksums[block] = table.readUInt32LE(block * 4);
  return { header, checksums, bodyStart };
}

function decodeBody(header: SidecarHeader, blocks: CheckedBlocks): DecodedSidecar {
  const count = header.count;
  const read = (offset: number, length: number): Buffer => {
    try {
      return blocks.range(offset, length);
    } catch (error) {
      if (error instanceof BlockCheckFailed) throw new SidecarInvalid(error.message, { cause: error });
      throw error;
    }
  };
  /** A section's place, checked now; its bytes, read when first asked for. */
  const section = (name: string, unit: number): { length: number; bytes: () => Buffer } => {
    const range = header.sections[name];
    check(range !== undefined, `section ${name} missing`);
    const [offset, length] = range;
    check(offset + length <= header.bodyBytes, `section ${name} past the end`);
    if (unit) check(length === unit * count && offset % 4 === 0, `section ${name} size`);
    let bytes: Buffer | undefined;
    return { length, bytes: () => (bytes ??= read(offset, length)) };
  };
  const records = section('records', 0);
  const recordsAt = header.sections.records![0];
  const recordEndBytes = section('recordEnds', 4);
  let recordEnds: Uint32Array | undefined;
  const keyKindBytes = section('keyKinds', 1);
  const keys = textColumn(section('keyEnds', 4), section('keys', 0));
  const columns = DEFAULT_SEARCH_FIELDS.map((field) => textColumn(section(`ends:${field}`, 4), section(`text:${field}`, 0)));
  const indexBytes = header.index === undefined ? undefined : section('index', 0);
  let index: SearchIndex | undefined;
  const parsed: (Scenario | undefined)[] = new Array<Scenario | undefined>(count);

  const record = (index: number): Scenario => {
    const cached = parsed[index];
    if (cached) return cached;
    recordEnds ??= ends(recordEndBytes.bytes(), records.length);
    const start = index === 0 ? 0 : recordEnds[index - 1]!;
    let value: unknown;
    try {
      value = parseJsonPreservingNumbers(read(recordsAt + start, recordEnds[index]! - start).toString('utf8'));
    } catch (error) {
      if (error instanceof SidecarInvalid) throw error;
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
      return keyKindBytes.bytes()[index] === 1 ? keys.at(index) : undefined;
    },
    firstIndexOfKey: (key) => {
      const keyKinds = keyKindBytes.bytes();
      return keys.indexOf(key, (index) => keyKinds[index] === 1);
    },
    // Packages with an unreadable record are never cached.
    readable: () => true,
    searchIndex: (format: PersistedIndexFormat) => {
      if (!indexBytes || header.index !== format.format) return undefined;
      index ??= format.open(indexBytes.bytes());
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
  return { header, body: () => read(0, header.bodyBytes), source };
}

/** Block sizes a reader takes: any other is a damaged or foreign header. */
const MIN_BLOCK_BYTES = 1024;
const MAX_BLOCK_BYTES = 16 * 2 ** 20;

function parseHeader(text: string): SidecarHeader {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SidecarInvalid('header is not JSON');
  }
  check(isJsonObject(value), 'header is not an object');
  const { identity, digest, count, fields, sections, bodyBytes, blockBytes } = value;
  check(typeof identity === 'string' && typeof digest === 'string' && /^[0-9a-f]{64}$/.test(digest), 'stamp');
  check(typeof count === 'number' && Number.isSafeInteger(count) && count >= 0, 'count');
  check(typeof bodyBytes === 'number' && Number.isSafeInteger(bodyBytes) && bodyBytes >= 0, 'body length');
  check(
    typeof blockBytes === 'number' && Number.isSafeInteger(blockBytes) && blockBytes >= MIN_BLOCK_BYTES && blockBytes <= MAX_BLOCK_BYTES,
    'block size',
  );
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

/** The default fields in the order the document literal above lists them; fails to compile if they change. */
const LITERAL_FIELDS: typeof DEFAULT_SEARCH_FIELDS = ['key', 'kind', 'title', 'summary', 'content', 'tags'] as const;
void LITERAL_FIELDS;
