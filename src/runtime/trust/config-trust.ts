import { realpathSync } from 'node:fs';
import path from 'node:path';
import { EpError, ExitCode } from '../../kernel/errors.js';
import { PROJECT_CONFIG_PATH, type ProjectConfig } from '../loading/project-config.js';
import type { EpPlugin } from '../../kernel/plugin.js';
import { resolveEpHome } from '../../sessions/store/session-paths.js';
import { codeEntries, type CodeBearingConfig, type CodeEntry } from './code-entries.js';
import { TrustErrorCode } from './trust-errors.js';
import { LISTED_ENTRIES, TrustStore, type TrustRecord } from './trust-store.js';

type Env = Readonly<Record<string, string | undefined>>;

export interface TrustCheck {
  /** The config as read from its file. */
  readonly config: ProjectConfig;
  /** Parts the caller replaced with its own (`createEp({ config })`): the caller's choice needs no trust. */
  readonly overrides?: Partial<ProjectConfig>;
  /** Plugins chosen without the config's say; their `codeOptions` say which of their options name code. */
  readonly plugins: readonly EpPlugin[];
  readonly env: Env;
}

/**
 * Lets a config through when it names no code, or when the user trusted exactly these bytes at this place;
 * otherwise throws `CONFIG_NOT_TRUSTED` naming the entries and how to trust them. Called before anything
 * the config names is imported or run.
 */
export async function requireTrustedConfig(check: TrustCheck): Promise<void> {
  const { config } = check;
  if (config.path === undefined || config.sha256 === undefined) return;
  const entries = codeEntries(leftToFile(config, check.overrides ?? {}), check.plugins);
  if (entries.length === 0) return;
  const configPath = trustedPathOf(config);
  const record = await trustStoreFor(check.env).get(configPath);
  if (record?.sha256 === config.sha256) return;
  throw notTrusted(config, configPath, entries, record);
}

export function trustStoreFor(env: Env): TrustStore {
  return new TrustStore(resolveEpHome(env));
}

/**
 * Where a config takes effect: its project directory with symlinks resolved, then `.edsl/ep.json`. A
 * symlinked `.edsl` or `ep.json` thus never carries one project's trust to another, whose relative plugin
 * paths would resolve elsewhere; the same project reached through a symlink keeps its trust.
 */
export function trustedPathOf(config: Pick<ProjectConfig, 'projectDir'>): string {
  let dir: string;
  try {
    dir = realpathSync(config.projectDir);
  } catch {
    dir = path.resolve(config.projectDir);
  }
  return path.join(dir, PROJECT_CONFIG_PATH);
}

function leftToFile(config: ProjectConfig, overrides: Partial<ProjectConfig>): CodeBearingConfig {
  return {
    plugins: overrides.plugins ? [] : config.plugins,
    providers: overrides.providers ? {} : config.providers,
    options: overrides.options ? {} : config.options,
  };
}

function notTrusted(config: ProjectConfig, configPath: string, entries: CodeEntry[], earlier: TrustRecord | undefined): EpError {
  const shown = entries
    .slice(0, 10)
    .map(({ entry, value }) => `${entry} = ${value}`)
    .join(', ');
  const more = entries.length > 10 ? ` and ${entries.length - 10} more` : '';
  const state = earlier ? `has changed since it was trusted (${earlier.trustedAt})` : 'is not trusted';
  return new EpError(
    TrustErrorCode.notTrusted,
    `The ep config ${config.path} ${state}, and it names code to load or run: ${shown}${more}. Nothing it names ` +
      `was loaded or run. If you trust it, run \`ep trust\` in ${config.projectDir}.`,
    {
      exitCode: ExitCode.auth,
      suggestion:
        `Read those entries first; then \`ep trust ${shellWord(config.path!)}\` trusts this exact content ` +
        '(any later change needs trusting again).',
      details: {
        configPath: configPath,
        sha256: config.sha256,
        codeEntries: entries.slice(0, LISTED_ENTRIES),
        codeEntryCount: entries.length,
        command: `ep trust ${shellWord(config.path!)}`,
        ...(earlier ? { trustedAt: earlier.trustedAt } : {}),
      },
    },
  );
}

/** A path as one shell word: as is when plain, single-quoted otherwise. */
function shellWord(text: string): string {
  return /^[\w./@%+=:,-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
