/**
 * EDSL's stable scenario ids. For each record in list order, the first unused existing id whose stored
 * JSON is exactly equal is reused; otherwise the record takes one more than the largest id seen so far.
 * An edited record therefore gets a new id at the same position, and identical duplicates get separate ids.
 */
export function assignScenarioIds(texts: readonly string[], existing: ReadonlyMap<string, string>): string[] {
  const free = new Map<string, string[]>();
  let max = 0;
  for (const id of [...existing.keys()].sort((a, b) => Number(a) - Number(b))) {
    max = Math.max(max, Number(id));
    const text = existing.get(id)!;
    const ids = free.get(text);
    if (ids) ids.push(id);
    else free.set(text, [id]);
  }
  return texts.map((text) => {
    const reused = free.get(text)?.shift();
    if (reused !== undefined) return reused;
    max += 1;
    return formatScenarioId(max);
  });
}

export function formatScenarioId(n: number): string {
  return String(n).padStart(6, '0');
}
