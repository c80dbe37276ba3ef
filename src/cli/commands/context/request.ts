import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';
import { withoutUndefined } from '../../../util/without-undefined.js';

interface RequestArgs extends GlobalArgs {
  purpose: string;
  query?: string;
  focus?: string[];
  depth?: string;
  breadth?: number;
  tokenBudget?: number;
  root?: string;
  format?: 'json' | 'text';
}

export const contextRequestCommand: CommandModule<GlobalArgs, RequestArgs> = {
  command: 'request',
  describe: 'Assemble context for a purpose (Context Request Protocol): records and code within a token budget',
  builder: (yargs) =>
    yargs
      .option('purpose', {
        type: 'string',
        demandOption: true,
        describe: 'Why the context is needed; ranks fragments when no query is given',
      })
      .option('query', { type: 'string', describe: 'Keep only fragments matching these terms' })
      .option('focus', {
        type: 'string',
        array: true,
        describe: 'A node to centre on (uko-py:class/AuthManager, a record key); repeatable',
      })
      .option('depth', { type: 'string', describe: 'Detail level: a name (SIGNATURES, FULL_SOURCE, SUMMARY) or an integer (default 3)' })
      .option('breadth', { type: 'number', describe: 'Reference hops from the focus (default 2)' })
      .option('token-budget', { type: 'number', describe: 'Tokens the context may use (never more than the configured budget)' })
      .option('root', {
        type: 'string',
        describe: 'The source tree to read (default: the nearest git work tree or directory holding .edsl/)',
      })
      .option('format', {
        choices: ['json', 'text'] as const,
        describe: 'text prints the context as a prompt block instead of the JSON envelope',
      })
      .example('$0 context request --purpose "Review auth" --focus uko-py:class/AuthManager --depth SIGNATURES --breadth 1', ''),
  handler: runCommand<RequestArgs>(
    async (args) => {
      const [{ requestContext }, { withCodeRoot }, { renderContextForPrompt }] = await Promise.all([
        import('../../../api/context.js'),
        import('../../../api/code.js'),
        import('../../../context/assembly/render-context.js'),
      ]);
      const depth = args.depth === undefined ? undefined : /^\d+$/.test(args.depth) ? Number(args.depth) : args.depth;
      const context = await requestContext(
        {
          purpose: args.purpose,
          ...withoutUndefined({ query: args.query, focus: args.focus, depth, breadth: args.breadth, maxTokens: args.tokenBudget }),
        },
        withCodeRoot(runtimeOptions(args), args.root),
      );
      // The context itself, which the envelope turns into JSON through its toJSON: the envelope's writer then
      // does not walk every fragment for numbers to keep exactly, which rendered text never holds.
      return args.format === 'text' ? { data: context, text: renderContextForPrompt(context) } : { data: context };
    },
    { exitsWhenDone: true },
  ),
};
