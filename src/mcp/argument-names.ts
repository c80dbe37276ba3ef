import type { FieldNames } from '../envelope/envelope.js';

/** The tool argument each library request field is given as over MCP, for errors that name a field. */
export const ARGUMENT_NAMES: FieldNames = {
  topK: 'top_k',
  charBudget: 'char_budget',
  tokenBudget: 'token_budget',
  record: 'record',
  key: 'key',
};
