import { useEffect, useState } from 'preact/hooks';
import { getJson, type ApiError } from '../api.js';
import { asApiError } from '../shared/use-api.js';
import type { SessionView } from '../types.js';

/** The session, loaded once and then replaced by each view the server pushes (server-sent events) as it changes. */
export function useLiveSession(sessionId: string): { view?: SessionView; error?: ApiError; live: boolean } {
  const [view, setView] = useState<SessionView>();
  const [error, setError] = useState<ApiError>();
  const [live, setLive] = useState(false);
  useEffect(() => {
    let current = true;
    setView(undefined);
    setError(undefined);
    getJson<SessionView>(`/api/sessions/${encodeURIComponent(sessionId)}`).then(
      (loaded) => current && setView(loaded),
      (failure: unknown) => current && setError(asApiError(failure)),
    );
    const events = new EventSource(`/api/sessions/${encodeURIComponent(sessionId)}/events`);
    events.onopen = () => setLive(true);
    events.onerror = () => setLive(false);
    events.addEventListener('session', (event) => {
      if (current) setView(JSON.parse((event as MessageEvent<string>).data) as SessionView);
    });
    return () => {
      current = false;
      events.close();
    };
  }, [sessionId]);
  return { ...(view ? { view } : {}), ...(error ? { error } : {}), live };
}
