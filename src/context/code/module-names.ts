import type { CodeLanguage } from './code-model.js';

const EXTENSION = /\.(py|pyi|ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/**
 * The dotted module name of a file: `pkg/auth.py` is `pkg.auth`, `pkg/__init__.py` is `pkg`,
 * `src/context/index.ts` is `context` (a leading `src/` is the layout, not the name).
 */
export function moduleNameOf(filePath: string, language: CodeLanguage): string {
  let name = filePath.replace(EXTENSION, '').replace(/\.d$/, '');
  name = name.replace(language === 'python' ? /(^|\/)__init__$/ : /(^|\/)index$/, '');
  if (name.startsWith('src/') && name.length > 4) name = name.slice(4);
  return name === '' ? (language === 'python' ? '__init__' : 'index') : name.split('/').join('.');
}

/**
 * Module names for the files of a tree, one per file and distinct within each node vocabulary. When two
 * files map to one name, the file the language's import resolves keeps it: in TypeScript and JavaScript
 * `a.ts` over `a/index.ts` (a specifier `./a` names the file first), in Python the package `a/__init__.py`
 * over `a.py` (a package shadows a module of its name); then the path without a leading `src/`, then
 * the first path in order. Every other file is named after its path with the extension kept:
 * `a.index.ts`, `a.py`.
 */
export function distinctModuleNames(
  files: readonly { readonly path: string; readonly language: CodeLanguage; readonly prefix: string }[],
): string[] {
  const names = files.map((file) => moduleNameOf(file.path, file.language));
  const byName = new Map<string, number[]>();
  files.forEach((file, index) => {
    const key = `${file.prefix}${names[index]!}`;
    const holders = byName.get(key);
    if (holders) holders.push(index);
    else byName.set(key, [index]);
  });
  for (const holders of byName.values()) {
    if (holders.length < 2) continue;
    const ranked = [...holders].sort((a, b) => precedence(files[a]!) - precedence(files[b]!) || a - b);
    for (const index of ranked.slice(1)) names[index] = files[index]!.path.split('/').join('.');
  }
  return names;
}

/** Lower wins a shared module name: the file the language's import finds first, then one outside `src/`. */
function precedence(file: { readonly path: string; readonly language: CodeLanguage }): number {
  const isPackageEntry = (file.language === 'python' ? /(^|\/)__init__\.pyi?$/ : /(^|\/)index\.[a-z]+$/).test(file.path);
  const wins = file.language === 'python' ? isPackageEntry : !isPackageEntry;
  return (wins ? 0 : 2) + (file.path.startsWith('src/') ? 1 : 0);
}

/** A file's path without its extension (`pkg/auth.ts` and `pkg/auth.d.ts` are `pkg/auth`): what a specifier names. */
export function modulePathOf(filePath: string): string {
  return filePath.replace(EXTENSION, '').replace(/\.d$/, '');
}

const wordsOf = new Map<string, string>();
/** Names repeat across a tree (every `self`, every call of `save`): each one is split once. */
const MAX_REMEMBERED_NAMES = 200_000;

/** Splits `AuthManager` and `parse_config` into words, for search: `Auth Manager`, `parse config`. */
export function identifierWords(name: string): string {
  let words = wordsOf.get(name);
  if (words === undefined) {
    words = name
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
      .replace(/[_$]+/g, ' ');
    if (wordsOf.size >= MAX_REMEMBERED_NAMES) wordsOf.clear();
    wordsOf.set(name, words);
  }
  return words;
}
