/**
 * What a sidecar was built from: the package file's identity when it was read (device, inode, size and
 * nanosecond times: any save, copy or rewrite changes it) and the SHA-256 of its bytes. The identity is
 * checked on every read; the digest only when the identity differs (a `touch`, a copy back), so an
 * unchanged package is never hashed again.
 */
export interface SidecarStamp {
  readonly identity: string;
  readonly digest: string;
}
