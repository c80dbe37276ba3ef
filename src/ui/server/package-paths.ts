import path from 'node:path';
import type { Ep } from '../../api/ep.js';
import { EpError, ExitCode, isEpError } from '../../kernel/errors.js';

/** A package the page may read: as the pointer or the command line names it, and resolved. */
export interface UiPackage {
  readonly path: string;
  readonly resolved: string;
  /** `active`: in the context pointer; `given`: named on the command line. */
  readonly origin: 'active' | 'given';
}

/** The active packages (none when no context is set) followed by those given with `--path`. */
export async function uiPackages(ep: Ep, given: readonly string[]): Promise<UiPackage[]> {
  let active: string[] = [];
  try {
    active = (await ep.contexts.current()).active_context_paths;
  } catch (error) {
    if (!isEpError(error) || error.code !== 'CONTEXT_NOT_CONFIGURED') throw error;
  }
  const seen = new Set<string>();
  const packages: UiPackage[] = [];
  for (const [list, origin] of [
    [active, 'active'],
    [given, 'given'],
  ] as const) {
    for (const name of list) {
      const resolved = path.resolve(ep.cwd, name);
      if (seen.has(resolved)) continue;
      seen.add(resolved);
      packages.push({ path: name, resolved, origin });
    }
  }
  return packages;
}

/**
 * The package `name` names, which must be one the page lists: the page reads only what the user put in front
 * of it, whatever a request asks for.
 */
export async function requireUiPackage(ep: Ep, given: readonly string[], name: string): Promise<UiPackage> {
  const resolved = path.resolve(ep.cwd, name);
  const found = (await uiPackages(ep, given)).find((entry) => entry.resolved === resolved);
  if (found) return found;
  throw new EpError('UI_PACKAGE_NOT_LISTED', `${name} is neither an active context package nor one given to ep ui with --path.`, {
    exitCode: ExitCode.notFound,
    details: { path: name },
    suggestion: 'Make it active with `ep context use --path`, or start `ep ui --path <package>`.',
  });
}
