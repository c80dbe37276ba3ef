import { LangChainError } from '@langchain/core/errors';
import { errorCode, errorText } from '../shared/context-tool-selection.js';

/**
 * A context tool's failure as LangChain sees it: a `LangChainError` whose `code` is the ep error code
 * (`CONTEXT_NOT_CONFIGURED`, `TOOL_INPUT_INVALID`), also at the head of its message.
 */
export class EpToolError extends LangChainError {
  override readonly name = 'EpToolError';
  readonly code: string;
  readonly toolName: string;

  constructor(toolName: string, cause: unknown) {
    const code = errorCode(cause);
    super(`${code}: ${toolName} failed: ${errorText(cause)}`);
    this.code = code;
    this.toolName = toolName;
    this.cause = cause;
  }
}
