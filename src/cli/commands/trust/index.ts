import type { CommandModule } from 'yargs';
import { EpError, ExitCode } from '../../../kernel/errors.js';
import { runCommand, type GlobalArgs } from '../../run-command.js';

interface TrustArgs extends GlobalArgs {
  path?: string;
  list?: boolean;
  revoke?: boolean;
}

export const trustCommand: CommandModule<GlobalArgs, TrustArgs> = {
  command: 'trust [path]',
  describe: 'Trust the project config (.edsl/ep.json) as it is now to load the plugins and run the commands it names',
  builder: (yargs) =>
    yargs
      .positional('path', {
        type: 'string',
        describe: 'The config file, or a directory to look it up from (default: the nearest from here)',
      })
      .option('list', { type: 'boolean', describe: 'List the trusted configs and whether each still holds what was trusted' })
      .option('revoke', { type: 'boolean', describe: 'Stop trusting the config' })
      .conflicts('list', 'revoke')
      .example('$0 trust', 'Trust the nearest .edsl/ep.json after reading the plugins and commands it names')
      .example('$0 trust --revoke path/to/project', ''),
  handler: runCommand<TrustArgs>(async (args) => {
    const { trustConfig, listTrustedConfigs, revokeTrust } = await import('../../../api/trust.js');
    if (args.list) {
      if (args.path !== undefined) {
        throw new EpError('USAGE_ERROR', '--list takes no path: it lists every trusted config.', { exitCode: ExitCode.usage });
      }
      const { configs, unreadable } = await listTrustedConfigs();
      return {
        data: { configs },
        warnings: unreadable > 0 ? [`${unreadable} trust record(s) could not be read and count as not trusted.`] : [],
      };
    }
    if (args.revoke) return { data: await revokeTrust(args.path) };
    const record = await trustConfig(args.path);
    const entries = record.codeEntries.map(({ entry, value }) => `  ${entry} = ${value}`);
    return {
      data: record,
      notes:
        entries.length === 0
          ? [`trusted ${record.configPath}; it names no code to load or run`]
          : [
              `trusted ${record.configPath}; ep may now load and run:`,
              ...entries,
              ...(record.codeEntryCount > entries.length ? [`  and ${record.codeEntryCount - entries.length} more`] : []),
            ],
    };
  }),
};
