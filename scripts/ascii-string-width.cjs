'use strict';
// string-width as the CLI bundle gives it to yargs' help layout (see asciiStringWidth in bundle-cli.mjs):
// printable ASCII is as wide as it is long; any other text is measured by string-width itself, loaded then.
let measure;
module.exports = (text) =>
  typeof text === 'string' && /^[\x20-\x7e]*$/.test(text) ? text.length : (measure ??= require('string-width'))(text);
