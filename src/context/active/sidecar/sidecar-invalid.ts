/** Why a sidecar was not used; the cache then reads the package and writes a new one. */
export class SidecarInvalid extends Error {}

export function check(condition: boolean, what: string): asserts condition {
  if (!condition) throw new SidecarInvalid(what);
}
