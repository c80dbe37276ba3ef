import type { Constructor } from './plugin.js';
import { tokenArity } from './token.js';

/** One constructor argument the kernel supplies. */
export interface ClassDependency {
  readonly token: symbol;
  /** Pass every contribution (`getAll`): a multi token, or a parameter marked `@injectAll`. */
  readonly multiple: boolean;
  /** Pass `undefined` when nothing provides it (`@inject(Token, { isOptional: true })`). */
  readonly optional: boolean;
}

/** What tsyringe's `@inject` / `@injectAll` record per parameter index, under this metadata key. */
const INJECTION_TOKENS = 'injectionTokens';
interface InjectionDescriptor {
  readonly token?: unknown;
  readonly multiple?: boolean;
  readonly isOptional?: boolean;
}
type ReadMetadata = (key: string, target: object) => Record<string, InjectionDescriptor> | undefined;

export type ClassDependencies =
  | { readonly known: true; readonly dependencies: readonly ClassDependency[] }
  | { readonly known: false; readonly parameters: readonly number[] };

/**
 * The arguments `implementation` takes: the explicit `listed` tokens, in order, or else the tokens its
 * parameters carry with tsyringe's decorators. Only the decorators' own records are read, never reflected
 * parameter types, so a class compiled without `emitDecoratorMetadata` works with a list. Unknown (with the
 * parameter positions that carry no token) when a parameter has neither.
 */
export function classDependencies(implementation: Constructor<unknown>, listed?: readonly symbol[]): ClassDependencies {
  if (listed) {
    return { known: true, dependencies: listed.map((token) => ({ token, multiple: tokenArity(token) === 'multi', optional: false })) };
  }
  // Present only when something loaded reflect-metadata, which every `@inject` needs anyway.
  const read = (Reflect as unknown as { getOwnMetadata?: ReadMetadata }).getOwnMetadata;
  const recorded = read?.(INJECTION_TOKENS, implementation) ?? {};
  const count = Math.max(implementation.length, ...Object.keys(recorded).map((index) => Number(index) + 1));
  const dependencies: ClassDependency[] = [];
  const missing: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const descriptor = recorded[index];
    const token = descriptor?.token;
    if (typeof token !== 'symbol') {
      missing.push(index);
      continue;
    }
    dependencies.push({
      token,
      multiple: descriptor?.multiple === true || tokenArity(token) === 'multi',
      optional: descriptor?.isOptional === true,
    });
  }
  return missing.length > 0 ? { known: false, parameters: missing } : { known: true, dependencies };
}
