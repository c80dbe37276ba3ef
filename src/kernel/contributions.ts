import type { AnyServiceToken } from './token.js';

/**
 * One binding of a service, with the plugin that made it: for a multi service (`ep.Tool`) one of the
 * contributions `getAll` returns. A consumer that must tell contributions apart (say which plugin's tool is
 * broken, leave one out and keep the rest) reads these instead of the bare values.
 */
export interface Contribution<T = unknown> {
  /** The id of the plugin that bound it; absent for a value the host bound with `kernel.provide`. */
  readonly plugin?: string;
  /**
   * The value. A factory or class runs on the first call, inside its plugin's boundary, so a failure throws an
   * EpError naming the plugin; a failed build runs again on the next call.
   */
  resolve(): T;
}

/** Every binding the kernel made, per token, in registration order. Knows no service. */
export class ContributionLedger {
  private readonly byToken = new Map<symbol, Contribution[]>();

  record(token: symbol, contribution: Contribution): void {
    const list = this.byToken.get(token);
    if (list) list.push(contribution);
    else this.byToken.set(token, [contribution]);
  }

  of<T>(token: AnyServiceToken<T>): Contribution<T>[] {
    return [...(this.byToken.get(token) ?? [])] as Contribution<T>[];
  }
}
