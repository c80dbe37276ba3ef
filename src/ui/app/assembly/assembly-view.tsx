import { useState } from 'preact/hooks';
import { postJson, type ApiError } from '../api.js';
import { asApiError } from '../shared/use-api.js';
import { ErrorNote } from '../shared/value-view.js';
import type { Assembled } from '../types.js';
import { BudgetBar } from './budget-bar.js';
import { FragmentTable } from './fragment-table.js';

interface Form {
  purpose: string;
  query: string;
  focus: string;
  depth: string;
  breadth: string;
  budget: string;
}

/** A context request (Context Request Protocol) and what the assembly returned for it. */
export function AssemblyView() {
  const [form, setForm] = useState<Form>({ purpose: '', query: '', focus: '', depth: '', breadth: '', budget: '' });
  const [result, setResult] = useState<Assembled>();
  const [error, setError] = useState<ApiError>();
  const [busy, setBusy] = useState(false);
  const field = (name: keyof Form, label: string, hint: string) => (
    <label>
      {label}
      <input value={form[name]} placeholder={hint} onInput={(event) => setForm({ ...form, [name]: event.currentTarget.value })} />
    </label>
  );
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      setResult(await postJson<Assembled>('/api/request', requestBody(form)));
    } catch (failure) {
      setError(asApiError(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <h1>Assemble context</h1>
      <form class="request" onSubmit={(event) => void submit(event)}>
        {field('purpose', 'Purpose', 'why the context is needed (required)')}
        {field('query', 'Query', 'keep fragments matching these terms')}
        {field('focus', 'Focus', 'node keys, comma-separated')}
        {field('depth', 'Depth', 'a level name or an integer (3)')}
        {field('breadth', 'Breadth', 'reference hops (2)')}
        {field('budget', 'Token budget', 'at most the configured budget')}
        <button type="submit" disabled={busy}>
          {busy ? 'Assembling…' : 'Assemble'}
        </button>
      </form>
      {error && <ErrorNote error={error} />}
      {result && (
        <>
          <BudgetBar used={result.context.total_tokens} share={result.context.budget_used} configured={result.budget.available_tokens} />
          <p class="muted">
            {result.context.fragments.length} fragments · hash <code>{result.context.context_hash.slice(0, 16)}</code>
          </p>
          <FragmentTable fragments={result.context.fragments} />
        </>
      )}
    </>
  );
}

/** The form as the request's JSON fields; empty fields are left to the protocol's defaults. */
function requestBody(form: Form): Record<string, unknown> {
  const number = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : text.trim());
  return {
    purpose: form.purpose,
    ...(form.query.trim() ? { query: form.query } : {}),
    ...(form.focus.trim()
      ? {
          focus: form.focus
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean),
        }
      : {}),
    ...(form.depth.trim() ? { depth: number(form.depth) } : {}),
    ...(form.breadth.trim() ? { breadth: number(form.breadth) } : {}),
    ...(form.budget.trim() ? { max_tokens: number(form.budget) } : {}),
  };
}
