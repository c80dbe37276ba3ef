import { formatDuration, formatTime, ValueView } from '../shared/value-view.js';
import type { SessionNode } from '../types.js';

/** One node of the DAG, folded: its name, status and time; unfolded, everything it recorded and its nested calls. */
export function CallNode({ node, childrenOf }: { node: SessionNode; childrenOf: ReadonlyMap<string | null, SessionNode[]> }) {
  const nested = childrenOf.get(node.id) ?? [];
  return (
    <details class={`node ${node.kind} ${node.status}`} data-node={node.id}>
      <summary>
        <span class="kind">{node.kind === 'user' ? 'ask_user' : node.kind}</span> <span class="name">{node.name}</span>{' '}
        <span class={`badge ${node.status}`}>{node.status}</span> <span class="muted">{formatDuration(node.durationMs)}</span>
        {nested.length > 0 && <span class="muted"> · {nested.length} nested</span>}
      </summary>
      <dl>
        <dt>Id</dt>
        <dd>
          <code>{node.id}</code> (#{node.seq})
        </dd>
        {node.caller && (
          <>
            <dt>Caller</dt>
            <dd>
              <code>{node.caller}</code>
            </dd>
          </>
        )}
        {node.predecessor && (
          <>
            <dt>Predecessor</dt>
            <dd>
              <code>{node.predecessor}</code>
            </dd>
          </>
        )}
        <dt>Timing</dt>
        <dd>
          {formatTime(node.createdAt)}
          {node.endedAt && ` → ${formatTime(node.endedAt)}`} {formatDuration(node.durationMs)}
        </dd>
        {node.instructions && (
          <>
            <dt>Instructions</dt>
            <dd>
              <ValueView value={node.instructions} label="Instructions" />
            </dd>
          </>
        )}
        {recorded(node)}
        {node.error && (
          <>
            <dt>Error</dt>
            <dd class="error">
              <strong>{node.error.code ?? node.error.name}</strong> {node.error.message}
            </dd>
          </>
        )}
      </dl>
      {nested.length > 0 && (
        <div class="nested">
          {nested.map((child) => (
            <CallNode key={child.id} node={child} childrenOf={childrenOf} />
          ))}
        </div>
      )}
    </details>
  );
}

/** What the node took and gave, under the names its kind gives them. */
function recorded(node: SessionNode) {
  const input = node.input as { prompt?: unknown; question?: unknown } | null;
  const [inLabel, inValue, outLabel] =
    node.kind === 'model'
      ? ['Prompt', input?.prompt ?? node.input, 'Output']
      : node.kind === 'user'
        ? ['Question', input?.question ?? node.input, 'Answer']
        : ['Arguments', node.input, 'Output'];
  return (
    <>
      <dt>{inLabel}</dt>
      <dd>
        <ValueView value={inValue} label={inLabel} />
      </dd>
      {node.output !== undefined && (
        <>
          <dt>{outLabel}</dt>
          <dd>
            <ValueView value={node.output} label={outLabel} />
          </dd>
        </>
      )}
    </>
  );
}
