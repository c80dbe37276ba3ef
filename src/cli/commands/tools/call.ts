import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';

interface CallArgs extends GlobalArgs {
  name: string;
  json?: string;
}

export const toolsCallCommand: CommandModule<GlobalArgs, CallArgs> = {
  command: 'call <name>',
  describe: 'Call a tool with JSON input (inline, @file, or @- for stdin)',
  builder: (yargs) =>
    yargs
      .positional('name', { type: 'string', demandOption: true, describe: 'Tool name, for example builtin/request-context' })
      .option('json', { type: 'string', describe: 'Input object: inline JSON, @file or @-' }),
  handler: runCommand<CallArgs>(async (args) => {
    const [{ callTool }, { readJsonArgument }] = await Promise.all([import('../../../api/tools.js'), import('../../json-input.js')]);
    const input = args.json === undefined ? {} : await readJsonArgument(args.json, '--json');
    return { data: await callTool(args.name, input, runtimeOptions(args)) };
  }),
};
