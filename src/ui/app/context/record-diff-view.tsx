import { getJson } from '../api.js';
import { useApi } from '../shared/use-api.js';
import { ErrorNote, inlineValue } from '../shared/value-view.js';
import type { RecordDiff } from '../types.js';

/** The record at two commits, field by field; changed fields are marked. */
export function RecordDiffView({ path, recordKey, from, to }: { path: string; recordKey: string; from: string; to: string }) {
  const diff = useApi(() => getJson<RecordDiff>('/api/record-diff', { path, key: recordKey, from, to }), [path, recordKey, from, to]);
  if (diff.error) return <ErrorNote error={diff.error} />;
  if (!diff.data) return <p class="muted">Loading…</p>;
  const { before, after, fields, status } = diff.data;
  return (
    <table class="diff" aria-label="Record diff">
      <caption>
        <code>{from.slice(0, 10)}</code> → <code>{to.slice(0, 10)}</code>: <span class={`badge ${status}`}>{status}</span>
      </caption>
      <thead>
        <tr>
          <th>Field</th>
          <th>Before</th>
          <th>After</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr class={field.changed ? 'changed' : undefined}>
            <th scope="row">
              {field.name}
              {field.changed && <span class="badge changed">changed</span>}
            </th>
            <td class="before">{inlineValue(before?.[field.name])}</td>
            <td class="after">{inlineValue(after?.[field.name])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
