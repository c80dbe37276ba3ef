import { type AssembledContext } from '../context/assembly/assembled-context.js';
import { type BudgetState, ContextAssembler, ContextTiers } from '../context/assembly/contracts.js';
import { ContextRequest, type ContextRequestInit } from '../context/assembly/context-request.js';
import { renderContextForPrompt } from '../context/assembly/render-context.js';
import { withRuntime, type RuntimeOptions } from '../runtime/runtime.js';

/** Assembles context for one request with a runtime started for the call. */
export async function requestContext(
  request: ContextRequestInit | ContextRequest,
  options: RuntimeOptions = {},
): Promise<AssembledContext> {
  const typed = request instanceof ContextRequest ? request : new ContextRequest(request);
  return withRuntime(options, async (runtime) => runtime.get(ContextAssembler).requestContext(typed), [ContextAssembler]);
}

/**
 * Assembled context rendered as a prompt section (`## Context`, one block per fragment), or '' when
 * nothing matched: what an agent puts before its own prompt.
 */
export async function contextPromptSection(
  request: ContextRequestInit | ContextRequest,
  options: RuntimeOptions & { heading?: string } = {},
): Promise<string> {
  return renderContextForPrompt(await requestContext(request, options), options.heading);
}

/** The context budget and the hot tier's tokens. */
export async function contextBudget(options: RuntimeOptions = {}): Promise<BudgetState> {
  return withRuntime(
    options,
    async (runtime) => {
      const tiers = runtime.get(ContextTiers);
      await tiers.load();
      return tiers.budgetState();
    },
    [ContextTiers],
  );
}
