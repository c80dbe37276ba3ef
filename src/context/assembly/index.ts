/** The Context Request Protocol: models, detail maps, tiers and the assembly pipeline. */
export { DetailLevelMap, type DetailLevelMapInit } from './detail-level-map.js';
export { CODE_DETAIL_MAP, RECORD_DETAIL_MAP, BUILTIN_DETAIL_MAPS, builtinDetailMapFor } from './builtin-detail-maps.js';
export { FragmentProvenance, type FragmentProvenanceInit } from './fragment-provenance.js';
export { ContextBudget } from './context-budget.js';
export { ContextFragment, type ContextFragmentInit } from './context-fragment.js';
export { ContextRequest, TEMPORAL_SCOPES, type ContextRequestInit, type TemporalScope } from './context-request.js';
export { AssembledContext, type AssembledContextInit } from './assembled-context.js';
export { ContextTierService, DEFAULT_CONTEXT_BUDGET, type ContextTierServiceOptions } from './context-tier-service.js';
export { ContextPipeline, hashFragments, type ContextPipelineOptions } from './context-pipeline.js';
export { renderRecord, summaryOf } from './record-rendering.js';
export { packReferences, referencesOf, reverseReferences, type ReferenceGraph, type ReferenceLists } from './reference-lists.js';
export { TIER_NAMES } from './contracts.js';
export type {
  BudgetState,
  ContextRecord,
  ContextRecords,
  ContextRecordTable,
  ContextSource,
  ContextTiers,
  ContextAssembler,
  HistoryEntry,
  TierEntry,
  TierName,
} from './contracts.js';
export { renderContextForPrompt } from './render-context.js';
