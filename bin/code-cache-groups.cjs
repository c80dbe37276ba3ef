// Which code cache a command starts with. V8 deserialises a whole code cache before anything runs, at about
// 20 ms per MB here, so one cache holding every command's functions made `ep --help` pay for the code map's
// parser. The build records one cache per group below, from commands of that group only (see
// scripts/bundle-cli.mjs), and one from all of them, used by every command no group names.
'use strict';

/**
 * Groups by the command words they start with (the arguments before the first option); the first group
 * with a matching prefix wins. An empty prefix matches only a call with no command words (`ep --help`).
 */
const CODE_CACHE_GROUPS = [
  // `ep --help` and `ep --version` run no plugin: a cache of their own, without the plugins' registration.
  { name: 'help', commands: [[]] },
  { name: 'start', commands: [['plugins']] },
  { name: 'records', commands: [['context', 'upsert'], ['context', 'add'], ['scenarios']] },
  // Reads apart from writes: a write's cache holds git, the archive writer and the lock, which a read never
  // runs. After `records`: the cache of every command records the groups in this order, writes first.
  {
    name: 'reads',
    commands: [
      ['context', 'get'],
      ['context', 'search'],
      ['context', 'pack'],
    ],
  },
  { name: 'code', commands: [['code'], ['context', 'request']] },
];

/** The name of the group `args` (the command line after `ep`) belongs to, or undefined for the cache of all commands. */
function codeCacheGroupOf(args) {
  const optionAt = args.findIndex((arg) => arg.startsWith('-'));
  const words = optionAt < 0 ? args : args.slice(0, optionAt);
  const matches = (prefix) => (prefix.length === 0 ? words.length === 0 : prefix.every((word, i) => words[i] === word));
  return CODE_CACHE_GROUPS.find((group) => group.commands.some(matches))?.name;
}

module.exports = { CODE_CACHE_GROUPS, codeCacheGroupOf };
