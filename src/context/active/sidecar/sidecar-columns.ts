import { check, SidecarInvalid } from './sidecar-invalid.js';

/** A u32 offset column, copied (the section need not be aligned in memory), checked ascending and ending at `total`. */
export function ends(bytes: Buffer, total: number): Uint32Array {
  const column = new Uint32Array(bytes.length / 4);
  new Uint8Array(column.buffer).set(bytes);
  let previous = 0;
  // An indexed loop: this runs once per call, before V8 optimises it, where `for…of` costs several times more.
  for (let index = 0; index < column.length; index += 1) {
    const end = column[index]!;
    if (end < previous) throw new SidecarInvalid('offsets descend');
    previous = end;
  }
  check(previous === total, 'offsets do not end at the section end');
  return column;
}

export interface TextColumn {
  at(index: number): string;
  /** The first position holding exactly `value` that `accept` takes, found by searching the text, not each entry. */
  indexOf(value: string, accept: (index: number) => boolean): number | undefined;
}

/** A column of strings, read, decoded and checked against its offsets when first read (a `get` reads only the keys). */
export function textColumn(endSection: { bytes: () => Buffer }, textSection: { bytes: () => Buffer }): TextColumn {
  let decoded: { text: string; column: Uint32Array } | undefined;
  const read = () => {
    if (decoded) return decoded;
    const text = textSection.bytes().toString('utf8');
    return (decoded = { text, column: ends(endSection.bytes(), text.length) });
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
