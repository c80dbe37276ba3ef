import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';

interface CreateArgs extends GlobalArgs {
  fromJson?: string;
  output: string;
  message?: string;
}

export const scenariosCreateCommand: CommandModule<GlobalArgs, CreateArgs> = {
  command: 'create',
  describe: 'Create a .ep ScenarioList package from a JSON array or JSON Lines file of records',
  builder: (yargs) =>
    yargs
      .option('from-json', { type: 'string', demandOption: true, describe: 'A JSON array of records, or JSON Lines' })
      .option('output', { type: 'string', demandOption: true, describe: 'The new .ep package (must not exist)' })
      .option('message', { type: 'string', describe: 'Commit message (default "Create ScenarioList")' })
      .example('$0 scenarios create --from-json initial_context.json --output research_context.ep', ''),
  handler: runCommand<CreateArgs>(async (args) => {
    const { createScenarioPackage } = await import('../../../api/scenarios.js');
    return {
      data: await createScenarioPackage(args.fromJson!, args.output, {
        ...runtimeOptions(args),
        ...(args.message === undefined ? {} : { message: args.message }),
      }),
    };
  }),
};
