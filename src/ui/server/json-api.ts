import type { Ep } from '../../api/ep.js';
import { EpError, ExitCode } from '../../kernel/errors.js';
import { DEFAULT_SEARCH_FIELDS } from '../../records/document-text.js';
import { EP_VERSION } from '../../version.js';
import { requireUiPackage, uiPackages } from './package-paths.js';

/** What a route reads of its request. */
export interface ApiRequest {
  readonly query: URLSearchParams;
  /** The parts of the path the route's pattern captured. */
  readonly params: readonly string[];
  readonly body: unknown;
}

interface Route {
  readonly method: 'GET' | 'POST';
  readonly pattern: RegExp;
  readonly handle: (request: ApiRequest) => Promise<unknown>;
}

/**
 * The page's JSON API: one route per library call, translating query parameters into its arguments. Every
 * read of a package goes through the list the page shows (the active packages and `--path`).
 */
export function apiRoutes(ep: Ep, givenPaths: readonly string[]): Route[] {
  const packagePath = async (query: URLSearchParams) => (await requireUiPackage(ep, givenPaths, required(query, 'path'))).path;
  return [
    {
      method: 'GET',
      pattern: /^\/api\/overview$/,
      handle: async () => ({
        version: EP_VERSION,
        cwd: ep.cwd,
        packages: await uiPackages(ep, givenPaths),
        searchFields: DEFAULT_SEARCH_FIELDS,
      }),
    },
    {
      method: 'GET',
      pattern: /^\/api\/records$/,
      handle: async ({ query }) => {
        const loaded = await ep.packages.load(await packagePath(query));
        return { path: query.get('path'), commit: loaded.commit ?? null, records: loaded.list.toArray(), warnings: loaded.warnings };
      },
    },
    {
      method: 'GET',
      pattern: /^\/api\/record$/,
      handle: async ({ query }) => {
        const path = await packagePath(query);
        const found = await ep.contexts.get(required(query, 'key'), { paths: [path] });
        return { ...found.data, warnings: found.warnings };
      },
    },
    {
      method: 'GET',
      pattern: /^\/api\/search$/,
      handle: async ({ query }) => {
        const fields = query.getAll('field');
        const paths = await Promise.all(query.getAll('path').map(async (name) => (await requireUiPackage(ep, givenPaths, name)).path));
        const listed = paths.length > 0 ? paths : (await uiPackages(ep, givenPaths)).map((entry) => entry.path);
        const result = await ep.contexts.search({
          query: required(query, 'query'),
          paths: listed,
          ...(fields.length > 0 ? { fields } : {}),
          ...(query.has('topK') ? { topK: integer(query, 'topK') } : {}),
        });
        return { ...result.data, fields: fields.length > 0 ? fields : DEFAULT_SEARCH_FIELDS, warnings: result.warnings };
      },
    },
    {
      method: 'GET',
      pattern: /^\/api\/history$/,
      handle: async ({ query }) => {
        const path = await packagePath(query);
        return { path, commits: await ep.packages.log(path) };
      },
    },
    {
      method: 'GET',
      pattern: /^\/api\/record-diff$/,
      handle: async ({ query }) =>
        ep.packages.diffRecord(await packagePath(query), required(query, 'key'), required(query, 'from'), query.get('to') ?? 'HEAD'),
    },
    { method: 'GET', pattern: /^\/api\/sessions$/, handle: async () => ({ sessions: await ep.sessions.list() }) },
    { method: 'GET', pattern: /^\/api\/sessions\/([^/]+)$/, handle: async ({ params }) => ep.sessions.show(params[0]!) },
    { method: 'GET', pattern: /^\/api\/budget$/, handle: async () => ep.context.budget() },
    {
      method: 'POST',
      pattern: /^\/api\/request$/,
      handle: async ({ body }) => {
        const [context, budget] = [await ep.context.request(contextRequestInit(body)), await ep.context.budget()];
        return { context: context.toJSON(), budget };
      },
    },
  ];
}

/** The route for a method and path, with what its pattern captured. */
export function findRoute(routes: readonly Route[], method: string, pathname: string): { route: Route; params: string[] } | undefined {
  for (const route of routes) {
    const match = route.pattern.exec(pathname);
    if (match && route.method === method) return { route, params: match.slice(1).map((part) => decodeURIComponent(part)) };
  }
  return undefined;
}

function required(query: URLSearchParams, name: string): string {
  const value = query.get(name);
  if (value === null || value === '') throw badInput(`The query parameter "${name}" is required.`, name);
  return value;
}

function integer(query: URLSearchParams, name: string): number {
  const value = Number(query.get(name));
  if (!Number.isInteger(value) || value < 0) throw badInput(`The query parameter "${name}" must be a non-negative integer.`, name);
  return value;
}

/** The request body's fields under the names the Context Request Protocol's JSON uses; the model validates them. */
function contextRequestInit(body: unknown) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badInput('The request body must be a JSON object.', 'body');
  const fields = body as Record<string, unknown>;
  const maxTokens = fields.max_tokens ?? fields.token_budget;
  return {
    purpose: fields.purpose as string,
    ...(fields.query !== undefined ? { query: fields.query as string | null } : {}),
    ...(fields.focus !== undefined ? { focus: fields.focus as string[] } : {}),
    ...(fields.depth !== undefined ? { depth: fields.depth as number | string } : {}),
    ...(fields.breadth !== undefined ? { breadth: fields.breadth as number } : {}),
    ...(maxTokens !== undefined ? { maxTokens: maxTokens as number | null } : {}),
  };
}

function badInput(message: string, field: string): EpError {
  return new EpError('UI_BAD_REQUEST', message, { exitCode: ExitCode.usage, details: { field } });
}
