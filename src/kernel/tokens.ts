/**
 * Every service token `ep` defines, in one place. Each name is both the service's interface and its token,
 * so `@inject(SearchEngine) engine: SearchEngine` reads naturally. Token ids (`ep.SearchEngine`) are public:
 * third-party plugins may refer to them with `Symbol.for('ep.SearchEngine')` without importing `ep`.
 */
import { createToken } from './token.js';
import type { DiagnosticsContract } from '../diagnostics/diagnostics.js';
import type { ToolContract, ToolRegistryContract } from '../tools/tool.js';
import type { SearchEngineContract } from '../search/search-engine.js';
import type { TokenizerContract } from '../tokenizer/tokenizer.js';
import type { ContextAssemblerContract, ContextSourceContract, ContextTiersContract } from '../crp/contracts.js';
import type { SessionStoreContract } from '../session-store/session-store.js';
import type { ModelRuntimeContract } from '../models/model-runtime.js';
import type { PackageStoreContract } from '../storage/package-store-contract.js';
import type { ContextPackerContract } from '../context/context-packer.js';
import type { ContextRecordsContract } from '../active-context/context-records-contract.js';

/** Progress and log lines for humans, on stderr; never on stdout. */
export interface Diagnostics extends DiagnosticsContract {}
export const Diagnostics = createToken<Diagnostics>('ep.Diagnostics');

/** A tool contribution: any plugin may provide any number. */
export interface Tool extends ToolContract {}
export const Tool = createToken<Tool>('ep.Tool', 'multi');

/** The registry every entry point (CLI, MCP, agent functions) calls tools through. */
export interface ToolRegistry extends ToolRegistryContract {}
export const ToolRegistry = createToken<ToolRegistry>('ep.ToolRegistry');

/** Options for one plugin, from the project config, keyed by plugin id. */
export interface RuntimeSettings {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  optionsFor(pluginId: string): Record<string, unknown>;
}
export const RuntimeSettings = createToken<RuntimeSettings>('ep.RuntimeSettings');

/** Ranks documents for a query: BM25 by default, elasticlunr or a third-party engine by config. */
export interface SearchEngine extends SearchEngineContract {}
export const SearchEngine = createToken<SearchEngine>('ep.SearchEngine');

/** Counts tokens for context budgets: exact BPE by default, an estimate by option. */
export interface Tokenizer extends TokenizerContract {}
export const Tokenizer = createToken<Tokenizer>('ep.Tokenizer');

/** A contribution of context records to one tier (hot, warm or cold): packages, sessions, archives. */
export interface ContextSource extends ContextSourceContract {}
export const ContextSource = createToken<ContextSource>('ep.ContextSource', 'multi');

/** The hot, warm and cold tiers of context records, with promotion on access and LRU demotion. */
export interface ContextTiers extends ContextTiersContract {}
export const ContextTiers = createToken<ContextTiers>('ep.ContextTiers');

/** Answers context requests: gather, expand, score, de-duplicate and pack into the budget. */
export interface ContextAssembler extends ContextAssemblerContract {}
export const ContextAssembler = createToken<ContextAssembler>('ep.ContextAssembler');
/** Where session DAGs are kept: one git-backed directory per session under `$EP_HOME/sessions/`. */
export interface SessionStore extends SessionStoreContract {}
export const SessionStore = createToken<SessionStore>('ep.SessionStore');

/** The selected model runtime ("send this prompt, get a reply"): scripted by default. */
export interface ModelRuntime extends ModelRuntimeContract {}
export const ModelRuntime = createToken<ModelRuntime>('ep.ModelRuntime');
/** Durable ScenarioLists: EDSL's git-backed `.ep` packages (load, save, update, history, remotes). */
export interface PackageStore extends PackageStoreContract {}
export const PackageStore = createToken<PackageStore>('ep.PackageStore');

/** Renders ranked context records into a bounded prompt fragment (`ScenarioContext.pack`). */
export interface ContextPacker extends ContextPackerContract {}
export const ContextPacker = createToken<ContextPacker>('ep.ContextPacker');

/** Search, get and pack over the active context packages as one corpus; add and upsert into the write context. */
export interface ContextRecords extends ContextRecordsContract {}
export const ContextRecords = createToken<ContextRecords>('ep.ContextRecords');
