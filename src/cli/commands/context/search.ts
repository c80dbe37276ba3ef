import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';
import { withReadPaths, type ReadArgs } from './read-options.js';
import { withoutUndefined } from '../../../util/without-undefined.js';

interface SearchArgs extends GlobalArgs, ReadArgs {
  query: string;
  field?: string[];
  topK?: number;
}

export const contextSearchCommand: CommandModule<GlobalArgs, SearchArgs> = {
  command: 'search',
  describe: 'Rank the records of the active context packages (BM25, one corpus); every match names its package',
  builder: (yargs) =>
    withReadPaths(yargs)
      .option('query', { type: 'string', demandOption: true, describe: 'What to look for' })
      .option('field', {
        type: 'string',
        array: true,
        describe: 'A field to search (default key, kind, title, summary, content, tags); repeatable',
      })
      .option('top-k', { type: 'number', describe: 'Most matches (default 10)' })
      .example('$0 context search --query "humanize back navigation" --field summary --field tags --top-k 5', ''),
  handler: runCommand<SearchArgs>(
    async (args) => {
      const { searchContext } = await import('../../../api/context-records.js');
      return searchContext(
        { query: args.query, ...withoutUndefined({ fields: args.field, topK: args.topK, paths: args.path }) },
        runtimeOptions(args),
      );
    },
    { exitsWhenDone: true },
  ),
};
