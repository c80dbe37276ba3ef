// The WebAssembly API Node 20 provides and term-table.ts uses. TypeScript declares it only in the DOM
// library, which a Node package should not pull in, and Node 20's own type definitions leave it out.
declare namespace WebAssembly {
  interface Memory {
    readonly buffer: ArrayBuffer;
  }
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Instance {
    constructor(module: Module, imports: object);
    readonly exports: Record<string, unknown>;
  }
}
