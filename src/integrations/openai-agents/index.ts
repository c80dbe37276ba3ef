/**
 * `ep-runtime/openai-agents`: ep in the OpenAI Agents SDK: the context tools as function tools, a tracing
 * processor that records runs in the current session, generation spans for a model of your own, and
 * assembled context before a run's input.
 */
export { contextTools, type AgentsContextToolOptions } from './context-tools.js';
export { EpTracingProcessor } from './session-tracing-processor.js';
export { tracedModel } from './traced-model.js';
export { EpToolError } from './tool-error.js';
export { withContext } from './with-context.js';
