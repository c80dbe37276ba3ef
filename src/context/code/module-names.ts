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

/** The path a module is found under, without extension: `pkg/auth` for both `pkg/auth.ts` and `pkg/auth/index.ts`. */
export function modulePathOf(filePath: string): string {
  return filePath
    .replace(EXTENSION, '')
    .replace(/\.d$/, '')
    .replace(/\/(index|__init__)$/, '');
}

/** Splits `AuthManager` and `parse_config` into words, for search: `Auth Manager`, `parse config`. */
export function identifierWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_$]+/g, ' ');
}
