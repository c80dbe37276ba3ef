/** An error the server answered with: its envelope's code and message. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | readonly string[] | undefined>;

/** `path` with `query` appended; arrays repeat the parameter. */
export function apiUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The `data` of the server's envelope; an error envelope throws an ApiError. */
export async function getJson<T>(path: string, query: Query = {}): Promise<T> {
  return unwrap<T>(await fetch(apiUrl(path, query), { headers: { Accept: 'application/json' } }));
}

export async function postJson<T>(path: string, body: unknown): Promise<T> {
  return unwrap<T>(await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }));
}

async function unwrap<T>(response: Response): Promise<T> {
  const text = await response.text();
  let envelope: { status?: string; data?: T; error?: { code: string; message: string } };
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    throw new ApiError(`HTTP_${response.status}`, text.trim() || response.statusText);
  }
  if (envelope.status !== 'ok') throw new ApiError(envelope.error?.code ?? `HTTP_${response.status}`, envelope.error?.message ?? text);
  return envelope.data as T;
}
