import { decodeBlockFile, openBlockFile, type BlockFile } from '../../../limits/block-file.js';
import { BlockCheckFailed, type CheckedBlocks } from '../../../limits/checked-blocks.js';
import { CACHE_ENTRY_FILE } from '../../../limits/checked-file.js';
import { DEFAULT_SEARCH_FIELDS, searchDocuments } from '../../../records/document-text.js';
import { isJsonObject } from '../../../records/json.js';
import type { Scenario } from '../../../records/scenario.js';
import type { IndexByteSource, PersistedIndexFormat, SearchDocument, SearchIndex } from '../../../search/search-engine.js';
import { parseJsonPreservingNumbers } from '../../../storage/json/record-json-parser.js';
import type { RecordSource } from '../record-source.js';
import { ends, textColumn, type TextColumn } from './sidecar-columns.js';
import { check, SidecarInvalid } from './sidecar-invalid.js';
import {
  hasSearchColumns,
  SEARCH_COLUMN_SECTIONS,
  searchColumnSections,
  SIDECAR_MAGIC,
  SIDECAR_VERSION,
  sidecarsSupported,
  type SidecarHeader,
} from './sidecar-format.js';

export interface DecodedSidecar {
  readonly header: SidecarHeader;
  /** The whole body, every block checked (to write it again under a new stamp). */
  body(): Buffer;
  readonly source: RecordSource;
}

export { SidecarInvalid };

interface Section {
  readonly length: number;
  readonly bytes: () => Buffer;
  /** `size` bytes at `at` within the section. */
  readonly range: (at: number, size: number) => Buffer;
}

/** Records read one by one before the rest are read with their whole section. */
const MANY_RECORDS = 64;

/**
 * A sidecar file, trusting nothing in it. Opening reads and checks only its head (see limits/block-file.ts):
 * the magic and version, the header and block table against their CRC-32, the file's size, the header's
 * shape, and every section within the body and of the size its count implies. Undefined for a sidecar that
 * fails any of these. The sections are read when first needed, each block checked against its checksum
 * then; what fails then throws SidecarInvalid (the reader then answers from the package instead), as do a
 * column whose offsets do not ascend to its end, a record text that does not parse to an object and a
 * search index that fails its checks.
 */
export function openSidecar(file: string): DecodedSidecar | undefined {
  return decoded(() => openBlockFile(file, SIDECAR_MAGIC, SIDECAR_VERSION, CACHE_ENTRY_FILE));
}

/** A sidecar held in memory (one just built), checked as `openSidecar` checks a file. */
export function decodeSidecar(file: Buffer): DecodedSidecar | undefined {
  return decoded(() => decodeBlockFile(file, SIDECAR_MAGIC, SIDECAR_VERSION));
}

function decoded(open: () => BlockFile): DecodedSidecar | undefined {
  try {
    check(sidecarsSupported, 'sidecars are not kept on this host');
    const { header, blocks } = open();
    return decodeBody(parseHeader(header), blocks);
  } catch (error) {
    if (error instanceof SidecarInvalid || error instanceof BlockCheckFailed) return undefined;
    throw error;
  }
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
  const section = (name: string, unit: number): Section => {
    const range = header.sections[name];
    check(range !== undefined, `section ${name} missing`);
    const [offset, length] = range;
    check(offset + length <= header.bodyBytes, `section ${name} past the end`);
    if (unit) check(length === unit * count && offset % 4 === 0, `section ${name} size`);
    let bytes: Buffer | undefined;
    return { length, bytes: () => (bytes ??= read(offset, length)), range: (at, size) => read(offset + at, size) };
  };
  /** A section as an index format reads it in place: a range at a time, each block checked when first read. */
  const sectionSource = ({ length, range }: Section): IndexByteSource => ({
    byteLength: length,
    read: (at, size) => {
      check(at + size <= length, 'index read past its section');
      return range(at, size);
    },
  });
  const records = section('records', 0);
  const recordsAt = header.sections.records![0];
  const recordEndBytes = section('recordEnds', 4);
  let recordEnds: Uint32Array | undefined;
  let recordsRead = 0;
  const keyKindBytes = section('keyKinds', 1);
  const keys = textColumn(section('keyEnds', 4), section('keys', 0));
  // Only a sidecar a search wrote or extended has the search columns; without them documents come from the records.
  const searched = hasSearchColumns(header);
  check(searched || SEARCH_COLUMN_SECTIONS.every((name) => header.sections[name] === undefined), 'search columns incomplete');
  const columns = searched
    ? DEFAULT_SEARCH_FIELDS.map((field) => {
        const [endsName, textName] = searchColumnSections(field);
        return textColumn(section(endsName, 4), section(textName, 0));
      })
    : undefined;
  const indexBytes = header.index === undefined ? undefined : section('index', 0);
  let index: SearchIndex | undefined;
  const parsed: (Scenario | undefined)[] = new Array<Scenario | undefined>(count);

  const record = (index: number): Scenario => {
    const cached = parsed[index];
    if (cached) return cached;
    recordEnds ??= ends(recordEndBytes.bytes(), records.length);
    const start = index === 0 ? 0 : recordEnds[index - 1]!;
    const end = recordEnds[index]!;
    // A caller that reads many records (a full load) gets the section in one read, not a read per block.
    recordsRead += 1;
    const bytes = recordsRead > MANY_RECORDS ? records.bytes().subarray(start, end) : read(recordsAt + start, end - start);
    let value: unknown;
    try {
      value = parseJsonPreservingNumbers(bytes.toString('utf8'));
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
      // Opened in place where the format can: a query reads the postings of its own terms, not all of them.
      index ??= format.openSource ? format.openSource(sectionSource(indexBytes)) : format.open(indexBytes.bytes());
      if (!index || index.size !== count) throw new SidecarInvalid('search index');
      return index;
    },
    documents: (fields) => {
      if (fields !== undefined || !columns)
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

/** The header's own fields checked; the body's layout (`bodyBytes`, `blockBytes`) the block file checked. */
function parseHeader(value: Record<string, unknown>): SidecarHeader {
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

/** The default fields in the order the document literal above lists them; fails to compile if they change. */
const LITERAL_FIELDS: typeof DEFAULT_SEARCH_FIELDS = ['key', 'kind', 'title', 'summary', 'content', 'tags'] as const;
void LITERAL_FIELDS;
