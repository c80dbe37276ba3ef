import path from 'node:path';
import type { CodeSymbol, SourceFile, SymbolKind } from './code-model.js';
import { specOf } from './languages.js';
import { moduleNameOf, modulePathOf } from './module-names.js';
import { lastPart } from './symbol-collector.js';
import type { SourceTree } from './source-tree.js';

export type NodeKind = 'module' | SymbolKind;

/** One knowledge node of the source tree: a module or a definition in it. */
export interface CodeNode {
  readonly id: number;
  /** The qualified node URI: `uko-py:class/pkg.auth.AuthManager`. */
  readonly key: string;
  readonly kind: NodeKind;
  readonly file: SourceFile;
  readonly moduleName: string;
  /** The id of the file's module node; a file's definitions follow it, in order. */
  readonly moduleId: number;
  /** The definition; undefined for a module. */
  readonly symbol?: CodeSymbol;
  readonly startLine: number;
  readonly endLine: number;
}

/**
 * Past this many definitions of one name, a use of the name says nothing about which one is meant
 * (`get`, `run`, `__init__`): it adds no edge rather than a crowd of false ones.
 */
const MAX_TARGETS_PER_NAME = 8;

/**
 * The nodes of a source tree and the references between them: imports, calls, inheritance and type
 * references, resolved by name within the tree as aider's repo map resolves tree-sitter tags. A use of a
 * name links to the definitions of that name; an attribute (`x.offload()`) to the methods and definitions
 * of that name; an import to the module it names. Edges point from the user to the definition.
 */
export class CodeGraph {
  readonly nodes: CodeNode[] = [];
  /** `references[i]`: ids of the nodes node i refers to, ascending. */
  readonly references: number[][] = [];
  private readonly byName = new Map<string, number[]>();
  private readonly methodsByName = new Map<string, number[]>();
  private readonly moduleByName = new Map<string, number>();
  private readonly moduleByPath = new Map<string, number>();
  /** For each file's module node, the ids of the file's definitions. */
  private readonly definitionsOf = new Map<number, number[]>();

  constructor(tree: SourceTree) {
    for (const file of tree.files) this.addFile(file);
    for (const node of this.nodes) this.references.push(this.resolve(node));
  }

  private addFile(file: SourceFile): void {
    const { language, prefix } = specOf(file.parsed.language);
    const moduleName = moduleNameOf(file.path, language);
    const moduleId = this.nodes.length;
    this.push({
      key: `${prefix}module/${moduleName}`,
      kind: 'module',
      file,
      moduleName,
      moduleId,
      startLine: 1,
      endLine: file.parsed.lineCount,
    });
    this.moduleByName.set(moduleName, moduleId);
    this.moduleByPath.set(modulePathOf(file.path), moduleId);
    const definitions: number[] = [];
    for (const symbol of file.parsed.symbols) {
      const id = this.push({
        key: `${prefix}${symbol.kind}/${moduleName}.${symbol.name}`,
        kind: symbol.kind,
        file,
        moduleName,
        moduleId,
        symbol,
        startLine: symbol.startLine,
        endLine: symbol.endLine,
      });
      definitions.push(id);
      const index = symbol.kind === 'method' ? this.methodsByName : this.byName;
      const named = index.get(lastPart(symbol.name));
      if (named) named.push(id);
      else index.set(lastPart(symbol.name), [id]);
    }
    this.definitionsOf.set(moduleId, definitions);
  }

  private push(node: Omit<CodeNode, 'id'>): number {
    const id = this.nodes.length;
    this.nodes.push({ id, ...node });
    return id;
  }

  private resolve(node: CodeNode): number[] {
    const targets = new Set<number>();
    const add = (ids: readonly number[] | undefined) => {
      if (!ids || ids.length > MAX_TARGETS_PER_NAME) return;
      for (const id of ids) targets.add(id);
    };
    if (node.symbol) {
      for (const name of node.symbol.names) add(this.byName.get(name));
      for (const name of node.symbol.attributes) {
        add(this.methodsByName.get(name));
        add(this.byName.get(name));
      }
      // A class's own methods are its members, not its references.
      for (const member of node.symbol.members) targets.delete(node.moduleId + 1 + member);
    } else {
      for (const name of node.file.parsed.names) add(this.byName.get(name));
      for (const imported of node.file.parsed.imports) {
        const moduleId = this.importedModule(node, imported.module, imported.level);
        if (moduleId === undefined) continue;
        targets.add(moduleId);
        const inModule = this.definitionsOf.get(moduleId) ?? [];
        for (const name of imported.names) for (const id of inModule) if (this.nodes[id]!.symbol!.name === name) targets.add(id);
      }
    }
    targets.delete(node.id);
    return [...targets].sort((a, b) => a - b);
  }

  private importedModule(node: CodeNode, module: string, level: number): number | undefined {
    if (node.file.parsed.language === 'python') {
      let base = node.moduleName.split('.');
      // `from .x import y` inside pkg/auth.py is pkg.x; inside pkg/__init__.py it is pkg.x too.
      if (level > 0) {
        const isPackage = /(^|\/)__init__\.pyi?$/.test(node.file.path);
        base = base.slice(0, Math.max(0, base.length - level + (isPackage ? 1 : 0)));
        const name = [...base, ...(module ? [module] : [])].join('.');
        return this.moduleByName.get(name);
      }
      return this.moduleByName.get(module) ?? this.moduleByName.get(module.split('.').slice(1).join('.'));
    }
    if (!module.startsWith('.')) return undefined;
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(node.file.path), module));
    // `./store.js` in TypeScript names `./store.ts`: the extension is left out of the module path.
    return this.moduleByPath.get(modulePathOf(resolved));
  }
}
