import type { EpRuntime } from '../runtime/runtime.js';
import type { Ep } from './ep.js';

/**
 * The built-in plugins with their default options and nothing else: the project's `.edsl/ep.json` is not
 * read, so the default runtime is the same in every directory and never needs a config to be trusted.
 */
const DEFAULT_CONFIG = { plugins: [], disable: [], providers: {}, options: {}, mcp: {} };

let started: Promise<Ep> | undefined;

/**
 * The one runtime standalone helpers use when no `runtime` is passed (`loadScenarioContext`, `rankRecords`,
 * `withSession`, ...): created on first use and then shared, so its services are the built-in plugins'
 * defaults (BM25, the `.ep` package store, sessions under `$EP_HOME`). Pass `{ runtime }` to use a runtime
 * with your project's config or your own plugins instead; nothing falls back behind it.
 *
 * It is shut down when the process has nothing left to do (`beforeExit`), or by `shutdownDefaultEp()`.
 */
export function defaultEp(): Promise<Ep> {
  if (started) return started;
  // Imported on first use: the helpers that call this stay light, and ep.ts (which imports them) is no cycle.
  const starting = import('./ep.js').then(({ createEp }) => createEp({ config: DEFAULT_CONFIG }));
  started = starting;
  starting.then(
    () => process.once('beforeExit', stopOnExit),
    () => {
      // A failed start is not kept: the next call tries again.
      if (started === starting) started = undefined;
    },
  );
  return starting;
}

/** The caller's runtime when it passed one, the default runtime otherwise. */
export async function runtimeOrDefault(runtime: EpRuntime | undefined): Promise<EpRuntime> {
  return runtime ?? (await defaultEp()).runtime;
}

/** Stops the default runtime if it was started; the next `defaultEp()` starts a new one. */
export async function shutdownDefaultEp(): Promise<void> {
  const running = started;
  started = undefined;
  process.removeListener('beforeExit', stopOnExit);
  if (running) await (await running.catch(() => undefined))?.shutdown();
}

function stopOnExit(): void {
  void shutdownDefaultEp();
}
