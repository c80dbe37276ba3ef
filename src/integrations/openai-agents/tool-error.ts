import { ToolCallError } from '@openai/agents-core';
import { errorCode, errorText } from '../shared/context-tool-selection.js';

/**
 * A context tool's failure as the Agents SDK sees it: a `ToolCallError` whose `code` is the ep error code
 * (`CONTEXT_NOT_CONFIGURED`, `TOOL_INPUT_INVALID`), also at the head of its message, which is what the
 * model reads when the tool's error function turns the failure into the call's output.
 */
export class EpToolError extends ToolCallError {
  override readonly name = 'EpToolError';
  readonly code: string;
  readonly toolName: string;

  constructor(toolName: string, cause: unknown) {
    const code = errorCode(cause);
    super(`${code}: ${toolName} failed: ${errorText(cause)}`, cause instanceof Error ? cause : new Error(errorText(cause)));
    this.code = code;
    this.toolName = toolName;
  }
}
