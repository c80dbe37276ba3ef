import path from 'node:path';

/**
 * A context is a `.ep` file, or a context in a database named by URL (`postgres:///team` in the database
 * EP_DATABASE_URL names, or `postgres://host/db/team`). A URL is never resolved against a directory.
 */
export function isDatabaseContext(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/** A named context as the store takes it: a URL unchanged, a file path made absolute against `base`. */
export function resolveContextLocation(base: string, location: string): string {
  return isDatabaseContext(location) ? location : path.resolve(base, location);
}

/** A database context's URL as shown: without a password. */
export function shownDatabaseContext(location: string): string {
  try {
    const url = new URL(location);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return location;
  }
}
