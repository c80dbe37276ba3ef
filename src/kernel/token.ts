import { processSlot } from './process-registry.js';

/**
 * A service token is a registry-global symbol, so two copies of `ep` (or a third-party plugin that never
 * imports `ep`) agree on it: `Symbol.for('ep.SearchEngine')`. The phantom type parameter carries the
 * service's interface, so `kernel.get(SearchEngine)` is typed.
 */
export type ServiceToken<T = unknown> = symbol & { readonly __service?: T; readonly __multi?: false };

/**
 * A token for any number of contributions (`ep.Tool`). Its own type, so `get` (one provider) does not accept it
 * and `getAll` is the only read that type-checks.
 */
export type MultiServiceToken<T = unknown> = symbol & { readonly __service?: T; readonly __multi: true };

/** Either kind of token, where both are accepted (declarations, `getAll`, `has`, registration). */
export type AnyServiceToken<T = unknown> = ServiceToken<T> | MultiServiceToken<T>;

/** How many providers a service takes: exactly one, or any number of contributions. */
export type ServiceArity = 'single' | 'multi';

// Shared by every copy of the runtime in the process: a plugin's own copy declares the arity the host reads.
const arities = processSlot('token-arities', 1, () => new Map<symbol, ServiceArity>());

export function createToken<T>(name: string, arity?: 'single'): ServiceToken<T>;
export function createToken<T>(name: string, arity: 'multi'): MultiServiceToken<T>;
export function createToken<T>(name: string, arity: ServiceArity = 'single'): AnyServiceToken<T> {
  const token = Symbol.for(name) as AnyServiceToken<T>;
  arities.set(token, arity);
  return token;
}

export function tokenName(token: symbol): string {
  return token.description ?? token.toString();
}

/** Tokens created elsewhere (third-party plugins using `Symbol.for`) default to single. */
export function tokenArity(token: symbol): ServiceArity {
  return arities.get(token) ?? 'single';
}

/** Third-party plugins may declare a multi token without importing `ep`. */
export function declareArity(token: symbol, arity: ServiceArity): void {
  arities.set(token, arity);
}
