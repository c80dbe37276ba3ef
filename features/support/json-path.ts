/** Reads `a.b.0.c` from a JSON value; numeric segments index arrays. */
export function readPath(value: unknown, dotted: string): unknown {
  if (dotted === '' || dotted === '.') return value;
  return dotted.split('.').reduce<unknown>((current, segment) => {
    if (current === null || current === undefined) return undefined;
    return (current as Record<string, unknown>)[segment];
  }, value);
}
