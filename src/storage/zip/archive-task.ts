import type { FramedInflateShared } from './framed-inflate-chunks.js';

/** What the archive helper thread is asked to do, in the order asked (see archive-helper.ts). */
export type ArchiveTask =
  | {
      readonly kind: 'digest';
      readonly archive: SharedArrayBuffer;
      readonly byteOffset: number;
      readonly byteLength: number;
      /** [0]: the task's state (DigestState); bytes 4 to 36: the SHA-256, once done. */
      readonly result: SharedArrayBuffer;
    }
  | { readonly kind: 'inflate'; readonly shared: FramedInflateShared };

export const DigestState = { open: 0, claimed: 1, done: 2, takenBack: 3 } as const;

export const DIGEST_BYTES = 32;
