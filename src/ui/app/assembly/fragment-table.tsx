import { ValueView } from '../shared/value-view.js';
import type { Fragment } from '../types.js';

/** The fragments in assembly order: node, tier, detail depth, tokens, relevance and where each came from. */
export function FragmentTable({ fragments }: { fragments: Fragment[] }) {
  return (
    <table class="records" aria-label="Fragments">
      <thead>
        <tr>
          <th>Node</th>
          <th>Tier</th>
          <th>Depth</th>
          <th>Tokens</th>
          <th>Relevance</th>
          <th>Provenance</th>
        </tr>
      </thead>
      <tbody>
        {fragments.map((fragment) => (
          <tr>
            <td>
              <details>
                <summary>
                  <code>{fragment.uko_node}</code>
                </summary>
                <ValueView value={fragment.content} label="Fragment content" />
              </details>
            </td>
            <td>
              <span class="badge">{tierOf(fragment.provenance.location)}</span>
            </td>
            <td class="number">{fragment.detail_depth}</td>
            <td class="number">{fragment.token_count}</td>
            <td class="number">{fragment.relevance_score.toFixed(3)}</td>
            <td class="muted">
              {fragment.provenance.strategy} · {fragment.provenance.location} · {fragment.provenance.resource_uri}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Provenance locations read `<tier>:<source>` (`warm:builtin/context-files`). */
function tierOf(location: string): string {
  const colon = location.indexOf(':');
  return colon > 0 ? location.slice(0, colon) : location || '—';
}
