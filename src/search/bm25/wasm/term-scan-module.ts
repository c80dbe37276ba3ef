import { TERM_SCAN_WASM } from './term-scan-bytes.js';

let compiled: WebAssembly.Module | undefined;

/** term-scan.wat compiled, once per process (about a millisecond), when first asked for. */
export function termScanModule(): WebAssembly.Module {
  return (compiled ??= new WebAssembly.Module(Buffer.from(TERM_SCAN_WASM, 'base64')));
}

/** Whether the runtime runs WebAssembly (it does not under `node --jitless`): else the JavaScript code paths run. */
export function hasWebAssembly(): boolean {
  return typeof WebAssembly === 'object';
}
