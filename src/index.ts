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
export * from './crp/index.js';
export { requestContext, contextBudget } from './api/context.js';
export { SkillDefinition, type SkillSpec } from './skills/skill-definition.js';
export { CONTEXT_SKILL, buildContextSkill } from './skills/context/context-skill.js';
export type { TokenizerContract, TokenCounter } from './tokenizer/tokenizer.js';
