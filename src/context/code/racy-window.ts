/**
 * A file or directory whose mtime lies less than this before a check may have changed again within the same
 * clock tick (coarse file-system timestamps), so what was learnt from it then is not trusted, as git treats a
 * racily clean index entry.
 */
export const RACY_MS = 2000;
