import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';

interface MapArgs extends GlobalArgs {
  tokenBudget?: number;
  root?: string;
  format?: 'json' | 'text';
}

export const codeMapCommand: CommandModule<GlobalArgs, MapArgs> = {
  command: 'map',
  describe: 'A map of the source tree: definitions ranked by PageRank over the reference graph, within a token budget',
  builder: (yargs) =>
    yargs
      .option('token-budget', { type: 'number', describe: 'Tokens the map may use (default 1024)' })
      .option('root', {
        type: 'string',
        describe: 'The source tree to read (default: the nearest git work tree or directory holding .edsl/)',
      })
      .option('format', { choices: ['json', 'text'] as const, describe: 'text prints the map alone instead of the JSON envelope' })
      .example('$0 code map --token-budget 2048', ''),
  handler: runCommand<MapArgs>(
    async (args) => {
      const { codeMap, withCodeRoot } = await import('../../../api/code.js');
      const budget = args.tokenBudget === undefined ? {} : { tokenBudget: args.tokenBudget };
      const map = await codeMap({ ...budget, ...withCodeRoot(runtimeOptions(args), args.root) });
      return args.format === 'text' ? { data: map, text: map.map } : { data: map };
    },
    { exitsWhenDone: true },
  ),
};
