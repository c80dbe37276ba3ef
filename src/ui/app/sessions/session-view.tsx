import { href } from '../shared/hash-route.js';
import { count, ErrorNote, formatTime } from '../shared/value-view.js';
import type { SessionNode } from '../types.js';
import { CallNode } from './call-node.js';
import { useLiveSession } from './use-live-session.js';

/** One session as its DAG, turn by turn: each turn's top-level calls with their nested calls beneath. */
export function SessionView({ sessionId }: { sessionId: string }) {
  const { view, error, live } = useLiveSession(sessionId);
  if (error) return <ErrorNote error={error} />;
  if (!view) return <p class="muted">Loading…</p>;
  const children = new Map<string | null, SessionNode[]>();
  const ids = new Set(view.nodes.map((node) => node.id));
  for (const node of view.nodes) {
    const parent = node.caller !== null && ids.has(node.caller) ? node.caller : null;
    children.set(parent, [...(children.get(parent) ?? []), node]);
  }
  const turns = [...new Set(view.nodes.map((node) => node.turn))];
  const running = view.nodes.some((node) => node.status === 'running' || node.status === 'awaiting');
  return (
    <>
      <p>
        <a href={href('sessions')}>← Sessions</a>
      </p>
      <h1>
        Session <code>{view.meta.id}</code>{' '}
        <span class={`badge ${running ? 'running' : 'completed'}`} aria-label="Session state">
          {running ? 'running' : 'idle'}
        </span>{' '}
        {live && <span class="badge live">live</span>}
      </h1>
      <p class="muted">
        Created {formatTime(view.meta.createdAt)} · updated {formatTime(view.meta.updatedAt)} · source {view.meta.source} ·{' '}
        {count(view.meta.turns, 'turn')} · {count(view.nodes.length, 'call')}
        {view.skippedLines > 0 && ` · ${view.skippedLines} unreadable log lines skipped`}
      </p>
      {turns.map((turn, index) => (
        <section key={turn} class="turn" aria-label={`Turn ${index + 1}`}>
          <h2>
            Turn {index + 1} <span class="muted">{turn}</span>
          </h2>
          {(children.get(null) ?? [])
            .filter((node) => node.turn === turn)
            .map((node) => (
              <CallNode key={node.id} node={node} childrenOf={children} />
            ))}
        </section>
      ))}
    </>
  );
}
