import { getJson } from '../api.js';
import { href } from '../shared/hash-route.js';
import { useApi } from '../shared/use-api.js';
import { count, ErrorNote, inlineValue } from '../shared/value-view.js';
import type { PackageRecords, Scenario } from '../types.js';

/** Every record of one package: its key (a link to its detail), kind, title and summary. */
export function RecordTable({ path }: { path: string }) {
  const records = useApi(() => getJson<PackageRecords>('/api/records', { path }), [path]);
  if (records.error) return <ErrorNote error={records.error} />;
  if (!records.data) return <p class="muted">Loading…</p>;
  return (
    <table class="records" aria-label="Records">
      <caption>
        {count(records.data.records.length, 'record')} at commit <code>{records.data.commit?.slice(0, 10) ?? 'working tree'}</code>
      </caption>
      <thead>
        <tr>
          <th>Key</th>
          <th>Kind</th>
          <th>Title</th>
          <th>Summary</th>
        </tr>
      </thead>
      <tbody>
        {records.data.records.map((record) => (
          <RecordRow path={path} record={record} />
        ))}
      </tbody>
    </table>
  );
}

export function RecordRow({ path, record, score }: { path: string; record: Scenario; score?: number }) {
  const key = inlineValue(record.key);
  return (
    <tr>
      {score !== undefined && <td class="score">{score.toFixed(3)}</td>}
      {score !== undefined && <td class="muted">{path}</td>}
      <td>{key ? <a href={href('record', '', { path, key })}>{key}</a> : <span class="muted">(no key)</span>}</td>
      <td>{inlineValue(record.kind)}</td>
      <td>{inlineValue(record.title)}</td>
      <td class="summary">{inlineValue(record.summary)}</td>
    </tr>
  );
}
