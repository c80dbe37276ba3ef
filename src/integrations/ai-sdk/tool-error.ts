import { AISDKError } from 'ai';
import { errorCode, errorText } from '../shared/context-tool-selection.js';

const MARKER = 'ep-runtime.ai-sdk.tool-error';
const marker: unique symbol = Symbol.for(MARKER);

/**
 * A context tool's failure as the AI SDK sees it: an `AISDKError` (so `AISDKError.isInstance` holds) whose
 * `code` is the ep error code (`CONTEXT_NOT_CONFIGURED`, `TOOL_INPUT_INVALID`), also at the head of its message.
 */
export class EpToolError extends AISDKError {
  readonly [marker] = true;
  readonly code: string;
  readonly toolName: string;

  constructor(toolName: string, cause: unknown) {
    const code = errorCode(cause);
    super({ name: 'EpToolError', message: `${code}: ${toolName} failed: ${errorText(cause)}`, cause });
    this.code = code;
    this.toolName = toolName;
  }

  static override isInstance(error: unknown): error is EpToolError {
    return AISDKError.hasMarker(error, MARKER);
  }
}
