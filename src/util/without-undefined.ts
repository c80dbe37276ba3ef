/**
 * `values` without the keys whose value is undefined: an option left out stays out, so the callee's
 * default applies rather than an explicit undefined overriding it (or a child's environment holding one).
 */
export function withoutUndefined<T extends Record<string, unknown>>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as never;
}
