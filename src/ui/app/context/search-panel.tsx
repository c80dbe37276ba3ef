import { useState } from 'preact/hooks';
import { getJson, type ApiError } from '../api.js';
import { asApiError } from '../shared/use-api.js';
import { count, ErrorNote } from '../shared/value-view.js';
import type { SearchResult } from '../types.js';
import { RecordRow } from './record-table.js';

/** BM25 over the listed packages as one corpus: the query, the fields to search, and the scored matches. */
export function SearchPanel({ fields }: { fields: string[] }) {
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string[]>(fields);
  const [topK, setTopK] = useState(10);
  const [result, setResult] = useState<SearchResult>();
  const [error, setError] = useState<ApiError>();
  const search = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    try {
      setResult(await getJson<SearchResult>('/api/search', { query, field: chosen, topK }));
    } catch (failure) {
      setError(asApiError(failure));
    }
  };
  const toggle = (field: string) => setChosen(chosen.includes(field) ? chosen.filter((f) => f !== field) : [...chosen, field]);
  return (
    <section aria-labelledby="search-title">
      <h2 id="search-title">Search</h2>
      <form class="search" onSubmit={(event) => void search(event)}>
        <input
          type="search"
          aria-label="Search query"
          placeholder="What to look for"
          value={query}
          onInput={(event) => setQuery(event.currentTarget.value)}
        />
        <label>
          top
          <input type="number" min={1} value={topK} onInput={(event) => setTopK(Number(event.currentTarget.value))} />
        </label>
        <button type="submit">Search</button>
        <fieldset>
          <legend>Fields</legend>
          {fields.map((field) => (
            <label>
              <input type="checkbox" checked={chosen.includes(field)} onChange={() => toggle(field)} /> {field}
            </label>
          ))}
        </fieldset>
      </form>
      {error && <ErrorNote error={error} />}
      {result && (
        <table class="records" aria-label="Search results">
          <caption>
            {count(result.matches.length, 'match', 'matches')} for “{result.query}”, BM25 over {result.fields.join(', ')}
          </caption>
          <thead>
            <tr>
              <th>Score</th>
              <th>Package</th>
              <th>Key</th>
              <th>Kind</th>
              <th>Title</th>
              <th>Summary</th>
            </tr>
          </thead>
          <tbody>
            {result.matches.map((match) => (
              <RecordRow path={match.context_path} record={match.scenario} score={match.score} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
