import type { ContextTransferRequest, ContextTransferResult } from '../context/active/context-transfer.js';
import { RuntimeSettings } from '../kernel/runtime-settings.js';
import { splitRuntimeOptions } from '../runtime/plan-runtime.js';
import { withRuntime, type RuntimeOptions } from '../runtime/runtime.js';
import { PackageStore } from '../storage/package-store-contract.js';

export type { ContextTransferRequest, ContextTransferResult };

/**
 * Copies a context with its history to a new `.ep` package or database context (`ep context export` and
 * `ep context import`), through the runtime's package store.
 */
export function transferContext(options: ContextTransferRequest & RuntimeOptions): Promise<ContextTransferResult> {
  const [runtime, request] = splitRuntimeOptions(options);
  return withRuntime(runtime, async (started) => {
    const { transferContext: transfer } = await import('../context/active/context-transfer.js');
    return transfer(started.get(RuntimeSettings).cwd, started.get(PackageStore), request);
  });
}
