/**
 * `ep-runtime/sessions`: beyond the session helpers of `ep-runtime`: agents run in a subprocess of their
 * own, ready-made answer sources for `askUser`, the file session store, and the recorded DAG's shape.
 */
export { runAgentInSubprocess, type SubprocessRunOptions, type SubprocessRunResult } from './sessions/subprocess.js';
export { answersFrom, answersFromFile, noAnswers } from './sessions/answer-sources.js';
export type { AnswerSource } from './sessions/session-context.js';
export { FileSessionStore, type FileSessionStoreOptions } from './sessions/store/file-session-store.js';
export { renderSessionTree } from './sessions/session-tree.js';
export type { SessionNode, NodeKind, NodeStatus, CallStatus, UserStatus, LogRecord, NodeUpdate, NodeError } from './sessions/call-node.js';
