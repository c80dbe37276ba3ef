import { type AssembledContext } from '../context/assembly/assembled-context.js';
import { type BudgetState, ContextAssembler, ContextTiers } from '../context/assembly/contracts.js';
import { ContextRequest, type ContextRequestInit } from '../context/assembly/context-request.js';
import { withRuntime, type RuntimeOptions } from '../runtime/runtime.js';

/** Assembles context for one request with a runtime started for the call. */
export async function requestContext(
  request: ContextRequestInit | ContextRequest,
  options: RuntimeOptions = {},
): Promise<AssembledContext> {
  const typed = request instanceof ContextRequest ? request : new ContextRequest(request);
  return withRuntime(options, async (runtime) => runtime.get(ContextAssembler).requestContext(typed));
}

/** The context budget and the hot tier's tokens. */
export async function contextBudget(options: RuntimeOptions = {}): Promise<BudgetState> {
  return withRuntime(options, async (runtime) => {
    const tiers = runtime.get(ContextTiers);
    await tiers.load();
    return tiers.budgetState();
  });
}
