import { definePlugin } from '../../kernel/plugin.js';
import { ContextSource } from '../../context/assembly/contracts.js';
import { CodeContext } from '../../context/code/code-context-contract.js';
import { RuntimeSettings } from '../../kernel/runtime-settings.js';
import { Tokenizer } from '../../tokenizer/tokenizer.js';
import { EP_VERSION } from '../../version.js';
import type { CodeContextService } from '../../context/code/code-context-service.js';

export interface ContextCodeOptions {
  /** The source tree to read, relative to the working directory (default: the nearest git work tree or directory holding `.edsl/`). */
  readonly root?: string;
  /** Files larger than this are skipped (default 1,000,000 bytes). */
  readonly maxFileBytes?: number;
  /** Cache parsed files by content hash under `$EP_HOME/cache/code-context` (default true). */
  readonly cache?: boolean;
}

/** The project's source tree as a warm-tier context source, parsed with tree-sitter, and its repository map. */
export const contextCodePlugin = definePlugin<ContextCodeOptions>(
  (options = {}) => {
    let service: CodeContextService | undefined;
    return {
      id: 'builtin/context-code',
      version: EP_VERSION,
      engine: `^${EP_VERSION}`,
      description:
        'Code context: Python, TypeScript and JavaScript parsed with tree-sitter into uko-code: nodes, a reference graph and a repo map.',
      provides: [CodeContext, ContextSource],
      requires: [RuntimeSettings, Tokenizer],
      async register(registry) {
        const [{ CodeContextService }, { codeContextSource }, { codeCacheDir }] = await Promise.all([
          import('../../context/code/code-context-service.js'),
          import('../../context/code/code-context-source.js'),
          import('../../context/code/code-cache-dir.js'),
        ]);
        const settings = registry.get(RuntimeSettings);
        const cacheDir = options.cache === false ? undefined : codeCacheDir(settings.env);
        service = new CodeContextService({
          cwd: settings.cwd,
          tokenizer: registry.get(Tokenizer),
          exclude: [cacheDir ?? ''].filter(Boolean),
          ...(options.root === undefined ? {} : { root: options.root }),
          ...(options.maxFileBytes === undefined ? {} : { maxFileBytes: options.maxFileBytes }),
          ...(cacheDir === undefined ? {} : { cacheDir }),
        });
        registry.registerValue(CodeContext, service);
        registry.registerValue(ContextSource, codeContextSource(service));
      },
      /** Token counts learned while the runtime ran are kept for the next one. */
      async shutdown() {
        await service?.save();
      },
    };
  },
  {
    id: 'builtin/context-code',
    optionsSchema: {
      type: 'object',
      additionalProperties: false,
      properties: { root: { type: 'string', minLength: 1 }, maxFileBytes: { type: 'integer', minimum: 1 }, cache: { type: 'boolean' } },
    },
  },
);
