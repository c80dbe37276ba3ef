import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api.js';

export interface Loaded<T> {
  readonly data?: T;
  readonly error?: ApiError;
  readonly loading: boolean;
}

/** Runs `load` whenever `deps` change and keeps its latest outcome; a stale answer is dropped. */
export function useApi<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ loading: true });
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => current && setState({ data, loading: false }),
      (error: unknown) => current && setState({ error: asApiError(error), loading: false }),
    );
    return () => {
      current = false;
    };
  }, deps);
  return state;
}

export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError('UI_ERROR', error instanceof Error ? error.message : String(error));
}
