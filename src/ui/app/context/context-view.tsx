import { getJson } from '../api.js';
import { href } from '../shared/hash-route.js';
import { useApi } from '../shared/use-api.js';
import { ErrorNote } from '../shared/value-view.js';
import type { Overview } from '../types.js';
import { RecordTable } from './record-table.js';
import { SearchPanel } from './search-panel.js';

/** The packages the page shows, a search over all of them, and the records of the selected one. */
export function ContextView({ selected }: { selected: string | undefined }) {
  const overview = useApi(() => getJson<Overview>('/api/overview'), []);
  if (overview.error) return <ErrorNote error={overview.error} />;
  if (!overview.data) return <p class="muted">Loading…</p>;
  const { packages, searchFields } = overview.data;
  if (packages.length === 0) {
    return (
      <p class="muted">
        No context packages: make one active with <code>ep context use --path &lt;package.ep&gt;</code>, or start{' '}
        <code>ep ui --path &lt;package.ep&gt;</code>.
      </p>
    );
  }
  const current = packages.find((entry) => entry.path === selected) ?? packages[0]!;
  return (
    <>
      <section aria-labelledby="packages-title">
        <h1 id="packages-title">Context packages</h1>
        <ul class="packages">
          {packages.map((entry) => (
            <li>
              <a href={href('context', '', { path: entry.path })} aria-current={entry === current ? 'true' : undefined}>
                {entry.path}
              </a>{' '}
              <span class="badge">{entry.origin}</span>
            </li>
          ))}
        </ul>
      </section>
      <SearchPanel fields={searchFields} />
      <section aria-labelledby="records-title">
        <h2 id="records-title">Records of {current.path}</h2>
        <RecordTable path={current.path} />
      </section>
    </>
  );
}
