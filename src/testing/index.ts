/**
 * `ep-runtime/testing`: conformance suites a plugin author runs in their own tests, one per service
 * contract. Each suite is a list of named checks any test runner can run; `runConformance` registers one
 * with `node:test`. The built-in plugins pass every suite in ep's own tests.
 */
export {
  conformanceCase,
  runConformance,
  withSubject,
  type ConformanceCase,
  type ConformanceSuite,
  type Subject,
  type SubjectContext,
} from './conformance-suite.js';
export { fromPlugin, fromPluginContribution, type PluginSubjectOptions } from './plugin-subject.js';
export { searchEngineConformance } from './search-engine-suite.js';
export { packageStoreConformance } from './package-store-suite.js';
export { sessionStoreConformance, type SessionStoreConformanceOptions } from './session-store-suite.js';
export { tokenizerConformance } from './tokenizer-suite.js';
export { packerConformance } from './packer-suite.js';
export { modelRuntimeConformance, type ModelRuntimeConformanceOptions } from './model-runtime-suite.js';
export { toolConformance, type ToolConformanceOptions } from './tool-suite.js';
