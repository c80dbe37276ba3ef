/**
 * `ep-runtime/langchain`: ep in LangChain.js and LangGraph: the context tools as structured tools, a callback
 * handler that records runs in the current session, assembled context before a call's messages, and a
 * LangGraph store kept in a `.ep` context package.
 */
export { contextTools } from './context-tools.js';
export type { ContextToolOptions } from '../shared/context-tool-selection.js';
export { EpSessionHandler } from './session-callback-handler.js';
export { EpToolError } from './tool-error.js';
export { withContext } from './with-context.js';
export { EpStore, type EpStoreOptions } from './ep-store.js';
export { STORE_ITEM_KIND } from './store-records.js';
