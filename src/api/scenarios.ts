import { Diagnostics } from '../diagnostics/diagnostics.js';
import { PackageStore } from '../storage/package-store-contract.js';
import { withRuntime, type RuntimeOptions } from '../runtime/runtime.js';
import type { CreatePackageResult } from '../records/create-package.js';

export type { CreatePackageResult };

/** A new `.ep` package from a JSON array or JSON Lines file of records. */
export async function createScenarioPackage(
  input: string,
  output: string,
  options: RuntimeOptions & { message?: string } = {},
): Promise<CreatePackageResult> {
  const { createPackage } = await import('../records/create-package.js');
  return withRuntime(options, (runtime) =>
    createPackage(
      { store: runtime.get(PackageStore), diagnostics: runtime.get(Diagnostics), cwd: runtime.cwd },
      input,
      output,
      options.message === undefined ? {} : { message: options.message },
    ),
  );
}
