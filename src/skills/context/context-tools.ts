import type { ContextAssembler, ContextTiers } from '../../context/assembly/contracts.js';
import { ContextRequest, TEMPORAL_SCOPES, type TemporalScope } from '../../context/assembly/context-request.js';
import type { Tool } from '../tool.js';
import { GET_CONTEXT_BUDGET_TOOL, QUERY_HISTORY_TOOL, REQUEST_CONTEXT_TOOL } from './context-skill.js';

interface RequestContextInput {
  purpose: string;
  query?: string | null;
  focus?: string[];
  breadth?: number;
  depth?: number | string;
  depth_gradient?: boolean;
  priority?: number;
  temporal?: TemporalScope;
  max_tokens?: number | null;
}

const nonNegativeInteger = { type: 'integer', minimum: 0 } as const;

const fragmentSchema = {
  type: 'object',
  required: ['uko_node', 'content', 'detail_depth', 'token_count', 'relevance_score', 'provenance'],
  properties: {
    uko_node: { type: 'string' },
    content: { type: 'string' },
    detail_depth: nonNegativeInteger,
    token_count: nonNegativeInteger,
    relevance_score: { type: 'number', minimum: 0, maximum: 1 },
    provenance: {
      type: 'object',
      properties: { resource_uri: { type: 'string' }, location: { type: 'string' }, strategy: { type: 'string' } },
    },
  },
};

/** The three read-only tools of the `builtin/context` skill, over the tiers and the assembly pipeline. */
export function contextTools(services: { tiers: () => ContextTiers; assembler: () => ContextAssembler }): Tool[] {
  const requestContext: Tool = {
    name: REQUEST_CONTEXT_TOOL,
    description: 'Assemble context for a purpose: fragments within the token budget, with provenance and a context hash.',
    // Promotion into the hot tier is bookkeeping inside the runtime, not an effect a repeated call adds.
    capabilities: ['read_only', 'idempotent'],
    inputSchema: {
      type: 'object',
      required: ['purpose'],
      additionalProperties: false,
      properties: {
        purpose: { type: 'string', minLength: 1, description: 'Why the context is needed; ranks fragments when no query is given.' },
        query: { type: ['string', 'null'], description: 'Keep only fragments matching these terms.' },
        focus: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'Keys (or parts of keys) to centre on.' },
        breadth: { ...nonNegativeInteger, description: 'Reference hops from the focus (default 2).' },
        depth: {
          anyOf: [nonNegativeInteger, { type: 'string', minLength: 1 }],
          description: 'Detail level: integer or level name (default 3).',
        },
        depth_gradient: { type: 'boolean', description: 'Less detail with each hop from the focus (default true).' },
        priority: { type: 'number', minimum: 0, maximum: 1 },
        temporal: { enum: [...TEMPORAL_SCOPES], description: 'current (hot and warm), historical (cold) or all.' },
        max_tokens: { anyOf: [nonNegativeInteger, { type: 'null' }], description: 'Budget for this request.' },
      },
    },
    outputSchema: {
      type: 'object',
      required: ['fragments', 'total_tokens', 'budget_used', 'context_hash'],
      properties: {
        fragments: { type: 'array', items: fragmentSchema },
        total_tokens: nonNegativeInteger,
        budget_used: { type: 'number' },
        context_hash: { type: 'string' },
      },
    },
    async call(input: RequestContextInput) {
      const request = new ContextRequest({
        purpose: input.purpose,
        query: input.query,
        focus: input.focus,
        breadth: input.breadth,
        depth: input.depth,
        depthGradient: input.depth_gradient,
        priority: input.priority,
        temporal: input.temporal,
        maxTokens: input.max_tokens,
      });
      return (await services.assembler().requestContext(request)).toJSON();
    },
  };

  const queryHistory: Tool = {
    name: QUERY_HISTORY_TOOL,
    description: 'Search the history tiers (warm and cold) and return the matching entries, best first.',
    capabilities: ['read_only', 'idempotent'],
    inputSchema: {
      type: 'object',
      required: ['query'],
      additionalProperties: false,
      properties: { query: { type: 'string', minLength: 1 }, limit: { type: 'integer', minimum: 1, maximum: 1000 } },
    },
    outputSchema: { type: 'object', required: ['entries'], properties: { entries: { type: 'array' } } },
    async call(input: { query: string; limit?: number }) {
      const tiers = services.tiers();
      return { entries: await tiers.searching(() => tiers.searchHistory(input.query, input.limit ?? 10)) };
    },
  };

  const getContextBudget: Tool = {
    name: GET_CONTEXT_BUDGET_TOOL,
    description: 'The context budget and the tokens the hot tier (working set) holds.',
    capabilities: ['read_only', 'idempotent'],
    inputSchema: { type: 'object', additionalProperties: false, properties: {} },
    outputSchema: {
      type: 'object',
      required: ['max_tokens', 'reserved_tokens', 'available_tokens', 'used_tokens'],
      properties: {
        max_tokens: nonNegativeInteger,
        reserved_tokens: nonNegativeInteger,
        available_tokens: nonNegativeInteger,
        used_tokens: nonNegativeInteger,
      },
    },
    async call() {
      const tiers = services.tiers();
      await tiers.load();
      return tiers.budgetState();
    },
  };

  return [requestContext, queryHistory, getContextBudget];
}
