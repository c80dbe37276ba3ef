/**
 * State that must be one per process, however many copies of `ep-runtime` are installed. A plugin or an
 * agent module published as its own package normally brings its own copy; module-level maps would then
 * split in two (a token's arity unknown to the host, an agent call "outside a session"). Each slot lives on
 * `globalThis` under a `Symbol.for` key that carries the slot's shape version: a copy whose shape differs
 * gets its own slot instead of misreading another copy's.
 */
const REGISTRY = Symbol.for('ep-runtime.process-registry');

type Slots = Map<string, unknown>;

function slots(): Slots {
  const holder = globalThis as { [REGISTRY]?: Slots };
  holder[REGISTRY] ??= new Map();
  return holder[REGISTRY];
}

/** The process-wide value of `name` at shape `version`, created by `create` on first use by any copy. */
export function processSlot<T>(name: string, version: number, create: () => T): T {
  const all = slots();
  const key = `${name}@${version}`;
  if (!all.has(key)) all.set(key, create());
  return all.get(key) as T;
}
