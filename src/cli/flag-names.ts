import type { FieldNames } from '../envelope/envelope.js';

/** The flag each library request field is given with on the command line, for errors that name a field. */
export const FLAG_NAMES: FieldNames = {
  topK: '--top-k',
  charBudget: '--char-budget',
  tokenBudget: '--token-budget',
  record: '--json',
  key: '--key',
  answersFile: '--answers',
  kind: '--kind',
  directory: '--dir',
  packageName: '--package-name',
};
