import path from 'node:path';
import { EpError } from '../../kernel/errors.js';
import { packReferences, reverseReferences, type ReferenceLists } from '../assembly/reference-lists.js';
import type { ParsedFile, SourceFile, SymbolKind, SymbolOutline } from './code-model.js';
import { specOf } from './languages.js';
import { distinctModuleNames, modulePathOf } from './module-names.js';
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
  readonly symbol?: SymbolOutline;
  readonly startLine: number;
  readonly endLine: number;
}

/**
 * Past this many definitions of one name, a use of the name says nothing about which one is meant
 * (`get`, `run`, `__init__`): it adds no edge rather than a crowd of false ones.
 */
const MAX_TARGETS_PER_NAME = 8;

/**
 * Where the graph's edges come from: kept from an earlier build of the same tree (see `nodeCountOf`), or
 * resolved from every file's full parse, `parsed[i]` being `tree.files[i]`'s.
 */
export type GraphEdges = { readonly kept: ReferenceLists } | { readonly parsed: readonly ParsedFile[] };

/** The number of nodes a tree's graph has: one per file and one per definition. */
export function nodeCountOf(tree: SourceTree): number {
  let count = 0;
  for (const file of tree.files) count += 1 + file.parsed.symbols.length;
  return count;
}

/**
 * The nodes of a source tree and the references between them: imports, calls, inheritance and type
 * references, resolved by name within the tree as aider's repo map resolves tree-sitter tags. A use of a
 * name links to the definitions of that name; an attribute (`x.offload()`) to the methods and definitions
 * of that name; an import to the module it names. Edges point from the user to the definition.
 */
export class CodeGraph {
  readonly nodes: CodeNode[] = [];
  /** The ids of the nodes each node refers to, ascending (`referencesOf(references, id)`). */
  readonly references: ReferenceLists;
  #referredBy?: ReferenceLists;
  private readonly byName = new Map<string, number[]>();
  private readonly methodsByName = new Map<string, number[]>();
  private readonly moduleByName = new Map<string, number>();
  private readonly moduleByPath = new Map<string, number>();
  /** The class node of each method node. */
  private readonly ownerOf = new Map<number, number>();
  /** For each file's module node, the ids of the file's definitions. */
  private readonly definitionsOf = new Map<number, number[]>();
  /** For each file's module node, the file's full parse (only while resolving). */
  private readonly parsedOf = new Map<number, ParsedFile>();

  constructor(tree: SourceTree, edges: GraphEdges) {
    const names = distinctModuleNames(tree.files.map((file) => ({ path: file.path, ...specOf(file.parsed.language) })));
    const parsed = 'parsed' in edges ? edges.parsed : undefined;
    tree.files.forEach((file, index) => this.addFile(file, names[index]!, parsed?.[index]));
    if ('kept' in edges) {
      if (edges.kept.ends.length !== this.nodes.length) {
        throw new EpError('CODE_GRAPH_EDGES', `Code graph: ${edges.kept.ends.length} kept edge lists for ${this.nodes.length} nodes.`, {
          details: { kept: edges.kept.ends.length, nodes: this.nodes.length },
        });
      }
      this.references = edges.kept;
      return;
    }
    this.references = packReferences(this.nodes.map((node) => this.resolve(node)));
    this.parsedOf.clear();
  }

  /** The same edges reversed: the ids of the nodes referring to each node, ascending (made on first use). */
  get referredBy(): ReferenceLists {
    this.#referredBy ??= reverseReferences(this.references);
    return this.#referredBy;
  }

  /**
   * `parsed`: the file's full parse, when the names resolution looks up are to be recorded (not when the
   * edges are kept). Each node is built as one literal: this runs for every node of every warm call.
   */
  private addFile(file: SourceFile, moduleName: string, parsed: ParsedFile | undefined): void {
    const { prefix } = specOf(file.parsed.language);
    const moduleId = this.nodes.length;
    this.nodes.push({
      id: moduleId,
      key: `${prefix}module/${moduleName}`,
      kind: 'module',
      file,
      moduleName,
      moduleId,
      startLine: 1,
      endLine: file.parsed.lineCount,
    });
    if (parsed) {
      this.moduleByName.set(`${prefix}${moduleName}`, moduleId);
      this.moduleByPath.set(modulePathOf(file.path), moduleId);
      this.parsedOf.set(moduleId, parsed);
    }
    const definitions: number[] = [];
    const { symbols } = file.parsed;
    for (let own = 0; own < symbols.length; own += 1) {
      const symbol = symbols[own]!;
      const id = this.nodes.length;
      this.nodes.push({
        id,
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
      if (!parsed) continue;
      for (const member of symbol.members) this.ownerOf.set(moduleId + 1 + member, id);
      const index = symbol.kind === 'method' ? this.methodsByName : this.byName;
      const named = index.get(lastPart(symbol.name));
      if (named) named.push(id);
      else index.set(lastPart(symbol.name), [id]);
    }
    this.definitionsOf.set(moduleId, definitions);
  }

  private resolve(node: CodeNode): number[] {
    const targets = new Set<number>();
    const add = (ids: readonly number[] | undefined) => {
      if (!ids || ids.length > MAX_TARGETS_PER_NAME) return;
      for (const id of ids) targets.add(id);
    };
    const parsed = this.parsedOf.get(node.moduleId)!;
    if (node.symbol) {
      const uses = parsed.symbols[node.id - node.moduleId - 1]!;
      for (const name of uses.names) add(this.byName.get(name));
      for (const name of uses.attributes) {
        add(this.methodsByName.get(name));
        add(this.byName.get(name));
      }
      // A class's own methods are its members, not what it uses; each method refers to its class instead
      // (so breadth reaches one from the other, and a class ranks by its methods in the map).
      for (const member of node.symbol.members) targets.delete(node.moduleId + 1 + member);
      const owner = this.ownerOf.get(node.id);
      if (owner !== undefined) targets.add(owner);
    } else {
      for (const name of parsed.names) add(this.byName.get(name));
      for (const imported of parsed.imports) {
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
        return this.moduleByName.get(`uko-py:${name}`);
      }
      return this.moduleByName.get(`uko-py:${module}`) ?? this.moduleByName.get(`uko-py:${module.split('.').slice(1).join('.')}`);
    }
    if (!module.startsWith('.')) return undefined;
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(node.file.path), module));
    // `./store.js` in TypeScript names `./store.ts`: the extension is left out of the module path; a
    // directory is its index file, after a file of the same name (as Node and TypeScript resolve it).
    const modulePath = modulePathOf(resolved);
    return this.moduleByPath.get(modulePath) ?? this.moduleByPath.get(`${modulePath}/index`);
  }
}
