/**
 * Module hooks that append the URL of every ES module loaded after they are registered to a log file.
 * They run on the loader's own thread, so they write synchronously: the log is complete once the
 * importing promise settles.
 */
import { appendFileSync } from 'node:fs';
import type { InitializeHook, LoadHook } from 'node:module';

let log = '';

export const initialize: InitializeHook<{ log: string }> = (data) => {
  log = data.log;
};

export const load: LoadHook = (url, context, nextLoad) => {
  appendFileSync(log, `${url}\n`);
  return nextLoad(url, context);
};
