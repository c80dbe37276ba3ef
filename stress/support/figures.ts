/**
 * The suite's figures: counters that only grow, and failures that name what went wrong. Any failure makes
 * the run fail; the counters are what `docs/reliability.md` records.
 */
export const FIGURE_NAMES = [
  'processes',
  'writes',
  'failed writes',
  'losses',
  'kills',
  'broken files',
  'inputs tried',
  'error envelopes',
  'crashes',
  'hangs',
  'escapes',
  'commands run from packages',
  'unexpected successes',
  'bounds exceeded',
  'unexpected failures',
  'contents echoed',
  'undone clears',
  'two lock holders',
  'memory over the bound',
  'unbounded records',
  'wrong answers',
] as const;

export type FigureName = (typeof FIGURE_NAMES)[number];

/** Figures that must stay zero. */
export const FAILURE_FIGURES: readonly FigureName[] = [
  'failed writes',
  'losses',
  'broken files',
  'crashes',
  'hangs',
  'escapes',
  'commands run from packages',
  'unexpected successes',
  'bounds exceeded',
  'unexpected failures',
  'contents echoed',
  'undone clears',
  'two lock holders',
  'memory over the bound',
  'unbounded records',
  'wrong answers',
];

export class Figures {
  private readonly counts = new Map<string, number>();
  readonly failures: string[] = [];

  add(name: string, amount = 1): void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + amount);
  }

  get(name: string): number {
    return this.counts.get(name) ?? 0;
  }

  /** Counts a failure figure and keeps a line saying what failed (the first few are printed). */
  fail(name: FigureName, what: string): void {
    this.add(name);
    this.failures.push(`${name}: ${what}`);
  }

  /** A fault of the suite itself (a fixture that proves nothing, a step that could not run): fails the run. */
  defect(what: string): void {
    this.failures.push(`suite: ${what}`);
  }

  /** Every figure, the standard ones first, then suite-specific ones in the order they appeared. */
  entries(): [string, number][] {
    const standard = FIGURE_NAMES.map((name) => [name, this.get(name)] as [string, number]);
    const extra = [...this.counts].filter(([name]) => !(FIGURE_NAMES as readonly string[]).includes(name));
    return [...standard, ...extra];
  }

  get ok(): boolean {
    return this.failures.length === 0 && FAILURE_FIGURES.every((name) => this.get(name) === 0);
  }
}
