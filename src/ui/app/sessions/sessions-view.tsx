import { getJson } from '../api.js';
import { href } from '../shared/hash-route.js';
import { useApi } from '../shared/use-api.js';
import { ErrorNote, formatTime } from '../shared/value-view.js';
import type { SessionMeta } from '../types.js';

/** Every session in the store, most recently updated first. */
export function SessionsView() {
  const sessions = useApi(() => getJson<{ sessions: SessionMeta[] }>('/api/sessions'), []);
  if (sessions.error) return <ErrorNote error={sessions.error} />;
  if (!sessions.data) return <p class="muted">Loading…</p>;
  return (
    <section aria-labelledby="sessions-title">
      <h1 id="sessions-title">Sessions</h1>
      {sessions.data.sessions.length === 0 ? (
        <p class="muted">
          No sessions yet: <code>ep run &lt;module&gt;#&lt;function&gt;</code> records one.
        </p>
      ) : (
        <table class="records" aria-label="Sessions">
          <thead>
            <tr>
              <th>Session</th>
              <th>Created</th>
              <th>Updated</th>
              <th>Source</th>
              <th>Turns</th>
              <th>Calls</th>
            </tr>
          </thead>
          <tbody>
            {sessions.data.sessions.map((session) => (
              <tr>
                <td>
                  <a href={href('sessions', session.id)}>{session.id}</a>
                </td>
                <td>{formatTime(session.createdAt)}</td>
                <td>{formatTime(session.updatedAt)}</td>
                <td>{session.source}</td>
                <td class="number">{session.turns}</td>
                <td class="number">{session.nodeCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
