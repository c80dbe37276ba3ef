/**
 * `ep-runtime/ai-sdk`: ep in the Vercel AI SDK: the context tools as a `ToolSet`, a language model middleware
 * that records model calls in the current session, recorded tools, and assembled context before a call's prompt.
 */
export { contextTools } from './context-tools.js';
export type { ContextToolOptions } from '../shared/context-tool-selection.js';
export { recordTools } from './recorded-tools.js';
export { sessionRecording } from './session-middleware.js';
export { EpToolError } from './tool-error.js';
export { withContext } from './with-context.js';
