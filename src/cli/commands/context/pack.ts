import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';
import { withReadPaths, type ReadArgs } from './read-options.js';
import { withoutUndefined } from '../../../util/without-undefined.js';

interface PackArgs extends GlobalArgs, ReadArgs {
  query: string;
  field?: string[];
  topK?: number;
  charBudget?: number;
  tokenBudget?: number;
}

export const contextPackCommand: CommandModule<GlobalArgs, PackArgs> = {
  command: 'pack',
  describe: 'Render the best matches as prompt-ready lines within a character (and optional token) budget',
  builder: (yargs) =>
    withReadPaths(yargs)
      .option('query', { type: 'string', demandOption: true, describe: 'What the context is for' })
      .option('field', { type: 'string', array: true, describe: 'A field to search; repeatable' })
      .option('top-k', { type: 'number', describe: 'Most records considered (default 8)' })
      .option('char-budget', { type: 'number', describe: 'Most characters of prompt_context (default 3000)' })
      .option('token-budget', { type: 'number', describe: 'Most tokens of prompt_context, counted exactly by the tokenizer plugin' })
      .example('$0 context pack --query "plan a conjoint pricing pilot" --top-k 8 --char-budget 3000', ''),
  handler: runCommand<PackArgs>(
    async (args) => {
      const { packContext } = await import('../../../api/context-records.js');
      return packContext(
        {
          query: args.query,
          ...withoutUndefined({
            fields: args.field,
            topK: args.topK,
            charBudget: args.charBudget,
            tokenBudget: args.tokenBudget,
            paths: args.path,
          }),
        },
        runtimeOptions(args),
      );
    },
    { exitsWhenDone: true },
  ),
};
