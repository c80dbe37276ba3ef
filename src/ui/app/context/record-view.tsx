import { useState } from 'preact/hooks';
import { getJson } from '../api.js';
import { href } from '../shared/hash-route.js';
import { useApi } from '../shared/use-api.js';
import { ErrorNote, ValueView } from '../shared/value-view.js';
import type { Commit, Scenario } from '../types.js';
import { RecordDiffView } from './record-diff-view.js';

/** One record: its fields, the history of its package as a timeline, and its diff between two commits. */
export function RecordView({ path, recordKey }: { path: string; recordKey: string }) {
  const record = useApi(() => getJson<{ scenario: Scenario }>('/api/record', { path, key: recordKey }), [path, recordKey]);
  const history = useApi(() => getJson<{ commits: Commit[] }>('/api/history', { path }), [path]);
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const commits = history.data?.commits ?? [];
  const from = range.from ?? commits[1]?.commit ?? commits[0]?.commit;
  const to = range.to ?? commits[0]?.commit;
  return (
    <>
      <p>
        <a href={href('context', '', { path })}>← {path}</a>
      </p>
      <h1>
        Record <code>{recordKey}</code>
      </h1>
      {record.error && <ErrorNote error={record.error} />}
      {record.data && (
        <table class="fields" aria-label="Record fields">
          <tbody>
            {Object.entries(record.data.scenario).map(([name, value]) => (
              <tr>
                <th scope="row">{name}</th>
                <td>
                  <ValueView value={value} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div class="columns">
        <section aria-labelledby="history-title">
          <h2 id="history-title">History of {path}</h2>
          {history.error && <ErrorNote error={history.error} />}
          <ol class="timeline" aria-label="Commits">
            {commits.map((commit) => (
              <li class={commit.commit === from || commit.commit === to ? 'selected' : undefined}>
                <span class="commit">{commit.commit.slice(0, 10)}</span>{' '}
                <span class="muted">{new Date(commit.timestamp).toLocaleString()}</span>
                <div>{commit.message}</div>
                <button type="button" onClick={() => setRange({ from: commit.commit, to })}>
                  diff from here
                </button>{' '}
                <button type="button" onClick={() => setRange({ from, to: commit.commit })}>
                  diff to here
                </button>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="diff-title">
          <h2 id="diff-title">Diff</h2>
          {from && to ? <RecordDiffView path={path} recordKey={recordKey} from={from} to={to} /> : <p class="muted">No commits.</p>}
        </section>
      </div>
    </>
  );
}
