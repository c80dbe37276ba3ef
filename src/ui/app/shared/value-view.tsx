import type { ApiError } from '../api.js';

/** Any value as text: strings as they are, everything else as indented JSON. Never as markup. */
export function ValueView({ value, label }: { value: unknown; label?: string }) {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return (
    <pre class="value" aria-label={label}>
      {text ?? '—'}
    </pre>
  );
}

/** A record field's value in one line of a table cell. */
export function inlineValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function ErrorNote({ error }: { error: ApiError }) {
  return (
    <p class="error" role="alert">
      <strong>{error.code}</strong> {error.message}
    </p>
  );
}

export function formatTime(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

export function formatDuration(ms: number | undefined): string {
  if (ms === undefined) return '';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** `3 calls`, `1 call`. */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}
