// Runs the CLI bundle (dist/cli/ep.cjs) with the V8 code cache the build made for it (dist/cli/ep.cjs.cache),
// so a call deserialises the bytecode of the functions a command runs instead of parsing and compiling the
// bundle again. The cache is only an accelerator: V8 checks it against the source and its own version and
// flags, and a cache it rejects (another Node) is ignored and the bundle compiled as usual. V8 checks neither
// the cache's bytes nor more of the source than its length, and a damaged cache can crash the process, so
// the file starts with a CRC-32 of the source and the cache together, and a cache that does not match it
// (a damaged file, a bundle changed since) is not used. A CRC rather than a cryptographic digest: both files
// are the build's own output in the install, so the check is against damage, and node:zlib loads in a
// third of the time node:crypto takes, which `ep --help` loads for nothing else.
'use strict';
const { isAscii } = require('node:buffer');
const { existsSync, readFileSync, writeFileSync, renameSync } = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');
const vm = require('node:vm');
const { crc32 } = require('node:zlib');

/** The cache of every command (`ep.cjs.cache`), or of one group of commands (`ep.cjs.start.cache`, see code-cache-groups.cjs). */
const cacheFileOf = (bundle, group) => (group === undefined ? `${bundle}.cache` : `${bundle}.${group}.cache`);
const MAGIC = Buffer.from('EPC2');
const DIGEST_BYTES = 4;
function digestOf(source, cache) {
  const digest = Buffer.alloc(DIGEST_BYTES);
  digest.writeUInt32BE(crc32(cache, crc32(source)));
  return digest;
}

/** The code cache in `file` when its digest matches the bundle's bytes (`source`) and its own, else undefined. */
function readCache(file, source) {
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined; // No cache (a plain `tsc` build, a removed file): compile as usual.
  }
  const header = MAGIC.length + DIGEST_BYTES;
  if (bytes.length <= header || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const cache = bytes.subarray(header);
  return digestOf(source, cache).equals(bytes.subarray(MAGIC.length, header)) ? cache : undefined;
}

function writeCache(file, source, cache) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.concat([MAGIC, digestOf(source, cache), cache]));
  renameSync(temporary, file);
}

/** Whether the last bundle loaded ran from a code cache V8 took (false: none was sound, or V8 refused it). */
let codeCacheUsed = false;

/**
 * Compiles and evaluates `bundle` as a CommonJS module; its exports. The code cache is `group`'s when it
 * has a sound one, else the one of every command. With `recordCache`, `group`'s cache is written when the
 * process exits, once the commands run have compiled what they use (the build's use).
 */
function loadBundle(bundle, { recordCache = false, group } = {}) {
  const bytes = readFileSync(bundle);
  // The build writes the bundle in ASCII, which decodes as Latin-1 into a one-byte string, without UTF-8's pass.
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const cachedData = recordCache
    ? undefined
    : (group !== undefined && readCache(cacheFileOf(bundle, group), bytes)) || readCache(cacheFileOf(bundle), bytes);
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname, __epImport) {${source}\n})`, {
    filename: bundle,
    cachedData,
  });
  codeCacheUsed = cachedData !== undefined && !script.cachedDataRejected;
  const module = { exports: {}, id: bundle, filename: bundle, loaded: false };
  const importFromBundle = importerFor(path.dirname(bundle), recordCache);
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, path.dirname(bundle), importFromBundle);
  module.loaded = true;
  if (recordCache) process.once('exit', () => writeCache(cacheFileOf(bundle, group), bytes, script.createCachedData()));
  return module.exports;
}

/** Packages the build bundles on their own beside the bundle, as `<name>.cjs` (see scripts/bundle-cli.mjs). */
const PREBUNDLED_PACKAGES = new Set(['execa']);

/**
 * The bundle's `import()`s (see scripts/bundle-cli.mjs): made here, in a module Node loaded itself, since
 * a vm script run from a code cache cannot import. Specifiers are packages, resolved from this package as
 * from the bundle, or absolute file URLs. A prebundled package is required from its one file beside the
 * bundle, when the build made it; else it is imported as usual.
 */
function importerFor(bundleDir, recordCache) {
  const prebundled = new Map();
  return (specifier, options) => {
    if (PREBUNDLED_PACKAGES.has(specifier)) {
      const file = path.join(bundleDir, `${specifier}.cjs`);
      if (existsSync(file)) {
        // Loaded as the bundle is, with a code cache of its own (recorded when the bundle's is).
        if (!prebundled.has(specifier)) prebundled.set(specifier, new Promise((resolve) => resolve(loadBundle(file, { recordCache }))));
        return prebundled.get(specifier);
      }
    }
    return import(specifier, options);
  };
}

module.exports = { loadBundle, PREBUNDLED_PACKAGES, usedCodeCache: () => codeCacheUsed };
