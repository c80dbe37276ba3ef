// The shapes the JSON API returns (the library API's results), as far as the page reads them.

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type Scenario = Record<string, JsonValue>;

export interface UiPackage {
  readonly path: string;
  readonly origin: 'active' | 'given';
}

export interface Overview {
  readonly version: string;
  readonly cwd: string;
  readonly packages: UiPackage[];
  readonly searchFields: string[];
}

export interface PackageRecords {
  readonly path: string;
  readonly commit: string | null;
  readonly records: Scenario[];
}

export interface SearchResult {
  readonly query: string;
  readonly fields: string[];
  readonly context_paths: string[];
  readonly matches: { score: number; context_path: string; scenario: Scenario }[];
}

export interface Commit {
  readonly commit: string;
  readonly message: string;
  readonly timestamp: string;
}

export interface RecordDiff {
  readonly key: string;
  readonly from: string;
  readonly to: string;
  readonly status: 'added' | 'removed' | 'changed' | 'unchanged' | 'absent';
  readonly before: Scenario | null;
  readonly after: Scenario | null;
  readonly fields: { name: string; changed: boolean }[];
}

export interface SessionMeta {
  readonly id: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly source: string;
  readonly turns: number;
  readonly nodeCount: number;
}

export interface SessionNode {
  readonly id: string;
  readonly kind: 'call' | 'model' | 'user';
  readonly name: string;
  readonly seq: number;
  readonly turn: string;
  readonly caller: string | null;
  readonly predecessor: string | null;
  readonly instructions?: string;
  readonly input: unknown;
  readonly status: string;
  readonly output?: unknown;
  readonly error?: { name: string; message: string; code?: string };
  readonly createdAt: string;
  readonly endedAt?: string;
  readonly durationMs?: number;
}

export interface SessionView {
  readonly meta: SessionMeta;
  readonly nodes: SessionNode[];
  readonly skippedLines: number;
}

export interface Budget {
  readonly max_tokens: number;
  readonly reserved_tokens: number;
  readonly available_tokens: number;
  readonly used_tokens: number;
}

export interface Fragment {
  readonly uko_node: string;
  readonly content: string;
  readonly detail_depth: number;
  readonly token_count: number;
  readonly relevance_score: number;
  readonly provenance: { resource_uri: string; location: string; strategy: string };
}

export interface Assembled {
  readonly context: { fragments: Fragment[]; total_tokens: number; budget_used: number; context_hash: string };
  readonly budget: Budget;
}
