/** The `ep` library API: everything the CLI does is a thin layer over these exports. */
import 'reflect-metadata';

export { EP_VERSION } from './version.js';
export { EpError, ExitCode, isEpError } from './kernel/errors.js';
export { Kernel } from './kernel/kernel.js';
export { definePlugin } from './kernel/plugin.js';
export type { EpPlugin, PluginFactory, ServiceAccessor, ServiceRegistry, PluginSource, PluginOrigin } from './kernel/plugin.js';
export { createToken, tokenName, type ServiceToken } from './kernel/token.js';
export { inject, injectable, injectAll } from './kernel/di.js';
export * as tokens from './kernel/tokens.js';
export { EpRuntime, withRuntime, type RuntimeOptions } from './runtime/runtime.js';
export { listPlugins } from './api/plugins.js';
export { listTools, callTool } from './api/tools.js';
export type { ToolContract, ToolDescriptor, ToolCapability, JsonSchema } from './tools/tool.js';
export { ScenarioContext, type ScenarioContextOptions, type DuplicateHandling, type WriteOutcome, type PackOptions } from './context/scenario-context.js';
export { LinePacker } from './context/line-packer.js';
export type { ContextPackerContract, PackRequest, PackResult } from './context/context-packer.js';
export { GitPackageStore, type GitPackageStoreOptions } from './storage/git-package-store.js';
export type { PackageStoreContract, LoadedPackage, SaveResult, PackageDiff, LogEntry, PushResult } from './storage/package-store-contract.js';
export { pythonJsonDumps } from './storage/json/python-json-writer.js';
export { parseJsonPreservingNumbers } from './storage/json/record-json-parser.js';
export { loadPackage, updatePackage, packageHistory, diffPackage, pushPackage, pullPackage } from './api/packages.js';
export { contextOptions } from './api/context.js';
