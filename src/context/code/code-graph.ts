import path from 'node:path';
import { EpError } from '../../kernel/errors.js';
import { packReferences, reverseReferences, type ReferenceLists } from '../assembly/reference-lists.js';
import type { ParsedFile, SourceFile, SymbolKind, SymbolOutline } from './code-model.js';
import { specOf } from './languages.js';
import { distinctModuleNames, modulePathOf } from './module-names.js';
import { lastPart } from './symbol-collector.js';
import type { SourceTree } from './source-tree.js';
import type { NodeKeys } from './tree-cache-format.js';

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
export type GraphEdges =
  | { readonly kept: ReferenceLists; readonly keptBack: ReferenceLists; readonly keys: NodeKeys }
  | { readonly parsed: readonly ParsedFile[] };

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
 *
 * Node ids are laid out by file (a file's module node, then its definitions in order), so a node is made
 * only when first asked for (`node`), and a key without making its node (`keyOf`): a warm request over a
 * tree of thousands of definitions reads every key once and makes the few hundred nodes it renders.
 */
export class CodeGraph {
  /** The number of nodes: one per file and one per definition. */
  readonly size: number;
  /** The ids of the nodes each node refers to, ascending (`referencesOf(references, id)`). */
  readonly references: ReferenceLists;
  #referredBy?: ReferenceLists;
  readonly #files: readonly SourceFile[];
  readonly #moduleNames: readonly string[];
  /** The file of each node, by id, and the id of each file's module node. */
  readonly #fileOf: Uint32Array;
  readonly #moduleIdOf: Uint32Array;
  readonly #made: (CodeNode | undefined)[];
  readonly #keys: (string | undefined)[];
  /** The keys kept with the edges, when the graph was read from a cache. */
  #keptKeys?: NodeKeys;
  #all?: readonly CodeNode[];
  // Only while resolving a full build's edges:
  private readonly byName = new Map<string, number[]>();
  private readonly methodsByName = new Map<string, number[]>();
  private readonly moduleByName = new Map<string, number>();
  private readonly moduleByPath = new Map<string, number>();
  /** The class node of each method node. */
  private readonly ownerOf = new Map<number, number>();
  /** For each file's module node, the file's full parse. */
  private readonly parsedOf = new Map<number, ParsedFile>();

  constructor(tree: SourceTree, edges: GraphEdges) {
    const files = tree.files;
    this.#files = files;
    this.#moduleNames = distinctModuleNames(files.map((file) => ({ path: file.path, ...specOf(file.parsed.language) })));
    const moduleIdOf = new Uint32Array(files.length);
    let size = 0;
    for (let index = 0; index < files.length; index += 1) {
      moduleIdOf[index] = size;
      size += 1 + files[index]!.parsed.symbols.length;
    }
    const fileOf = new Uint32Array(size);
    for (let index = 1; index < files.length; index += 1)
      fileOf.fill(index, moduleIdOf[index], index + 1 < files.length ? moduleIdOf[index + 1] : size);
    this.size = size;
    this.#fileOf = fileOf;
    this.#moduleIdOf = moduleIdOf;
    this.#made = new Array<CodeNode | undefined>(size);
    this.#keys = new Array<string | undefined>(size);
    if ('kept' in edges) {
      if (edges.kept.ends.length !== size) {
        throw new EpError('CODE_GRAPH_EDGES', `Code graph: ${edges.kept.ends.length} kept edge lists for ${size} nodes.`, {
          details: { kept: edges.kept.ends.length, nodes: size },
        });
      }
      if (edges.keys.length !== size || edges.keptBack.ends.length !== size) {
        throw new EpError(
          'CODE_GRAPH_EDGES',
          `Code graph: ${edges.keys.length} kept keys and ${edges.keptBack.ends.length} lists back for ${size} nodes.`,
          {
            details: { keys: edges.keys.length, back: edges.keptBack.ends.length, nodes: size },
          },
        );
      }
      this.references = edges.kept;
      this.#referredBy = edges.keptBack;
      this.#keptKeys = edges.keys;
      return;
    }
    files.forEach((file, index) => this.addNames(file, index, edges.parsed[index]!));
    this.references = packReferences(this.nodes.map((node) => this.resolve(node)));
    this.parsedOf.clear();
  }

  /** Every node, in id order (made on first use: a warm request reads `node` and `keyOf` instead). */
  get nodes(): readonly CodeNode[] {
    this.#all ??= Array.from({ length: this.size }, (_, id) => this.node(id));
    return this.#all;
  }

  /** Node `id` (made once, when first asked for). */
  node(id: number): CodeNode {
    const made = this.#made[id];
    if (made) return made;
    const fileIndex = this.#fileOf[id]!;
    const file = this.#files[fileIndex]!;
    const moduleId = this.#moduleIdOf[fileIndex]!;
    const moduleName = this.#moduleNames[fileIndex]!;
    const key = this.keyOf(id);
    // Each node is one literal of one of two shapes.
    const node: CodeNode =
      id === moduleId
        ? { id, key, kind: 'module', file, moduleName, moduleId, startLine: 1, endLine: file.parsed.lineCount }
        : symbolNode(id, key, file, moduleName, moduleId, file.parsed.symbols[id - moduleId - 1]!);
    this.#made[id] = node;
    return node;
  }

  /** The qualified node URI of node `id` (`uko-py:class/pkg.auth.AuthManager`), without making the node. */
  keyOf(id: number): string {
    const known = this.#keys[id];
    if (known !== undefined) return known;
    if (this.#keptKeys) return (this.#keys[id] = this.#keptKeys.at(id));
    const fileIndex = this.#fileOf[id]!;
    const file = this.#files[fileIndex]!;
    const { prefix } = specOf(file.parsed.language);
    const own = id - this.#moduleIdOf[fileIndex]! - 1;
    const symbol = own >= 0 ? file.parsed.symbols[own]! : undefined;
    const key = symbol
      ? `${prefix}${symbol.kind}/${this.#moduleNames[fileIndex]!}.${symbol.name}`
      : `${prefix}module/${this.#moduleNames[fileIndex]!}`;
    this.#keys[id] = key;
    return key;
  }

  /** The same edges reversed: the ids of the nodes referring to each node, ascending (kept with the edges, else made on first use). */
  get referredBy(): ReferenceLists {
    this.#referredBy ??= reverseReferences(this.references);
    return this.#referredBy;
  }

  /** Records the names a full build's resolution looks up for one file (`index` in the tree). */
  private addNames(file: SourceFile, index: number, parsed: ParsedFile): void {
    const { prefix } = specOf(file.parsed.language);
    const moduleId = this.#moduleIdOf[index]!;
    this.moduleByName.set(`${prefix}${this.#moduleNames[index]!}`, moduleId);
    this.moduleByPath.set(modulePathOf(file.path), moduleId);
    this.parsedOf.set(moduleId, parsed);
    const { symbols } = file.parsed;
    for (let own = 0; own < symbols.length; own += 1) {
      const symbol = symbols[own]!;
      const id = moduleId + 1 + own;
      for (const member of symbol.members) this.ownerOf.set(moduleId + 1 + member, id);
      const byName = symbol.kind === 'method' ? this.methodsByName : this.byName;
      const named = byName.get(lastPart(symbol.name));
      if (named) named.push(id);
      else byName.set(lastPart(symbol.name), [id]);
    }
  }

  /** The ids of the definitions of the file whose module node is `moduleId`. */
  private definitionsOf(moduleId: number): number[] {
    const count = this.#files[this.#fileOf[moduleId]!]!.parsed.symbols.length;
    return Array.from({ length: count }, (_, own) => moduleId + 1 + own);
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
        const inModule = this.definitionsOf(moduleId);
        for (const name of imported.names) for (const id of inModule) if (this.node(id).symbol!.name === name) targets.add(id);
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

function symbolNode(id: number, key: string, file: SourceFile, moduleName: string, moduleId: number, symbol: SymbolOutline): CodeNode {
  return { id, key, kind: symbol.kind, file, moduleName, moduleId, symbol, startLine: symbol.startLine, endLine: symbol.endLine };
}
