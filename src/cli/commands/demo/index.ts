import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';

export const demoCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'demo',
  describe: 'Walk through what ep does, on an embedded default, with no configuration and no network',
  handler: runCommand(async (args) => {
    const { runDemo } = await import('../../demo/run-demo.js');
    return runDemo({ ...runtimeOptions(args), narrate: (line) => process.stderr.write(`${line}\n`) });
  }),
};
