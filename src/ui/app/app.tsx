import { AssemblyView } from './assembly/assembly-view.js';
import { ContextView } from './context/context-view.js';
import { RecordView } from './context/record-view.js';
import { SessionView } from './sessions/session-view.js';
import { SessionsView } from './sessions/sessions-view.js';
import { href, useHashRoute } from './shared/hash-route.js';

const SECTIONS = [
  { view: 'context', label: 'Context', matches: ['context', 'record'] },
  { view: 'sessions', label: 'Sessions', matches: ['sessions'] },
  { view: 'assembly', label: 'Assembly', matches: ['assembly'] },
];

export function App() {
  const route = useHashRoute();
  return (
    <>
      <header class="top">
        <span class="brand">ep</span>
        <nav aria-label="Sections">
          {SECTIONS.map((section) => (
            <a href={href(section.view)} aria-current={section.matches.includes(route.view) ? 'page' : undefined}>
              {section.label}
            </a>
          ))}
        </nav>
      </header>
      <main>{page(route.view, route.rest, route.params)}</main>
    </>
  );
}

function page(view: string, rest: string, params: URLSearchParams) {
  switch (view) {
    case 'record':
      return <RecordView path={params.get('path') ?? ''} recordKey={params.get('key') ?? ''} />;
    case 'sessions':
      return rest ? <SessionView sessionId={rest} /> : <SessionsView />;
    case 'assembly':
      return <AssemblyView />;
    default:
      return <ContextView selected={params.get('path') ?? undefined} />;
  }
}
