import path from 'node:path';
import {
  clearContext,
  CONTEXT_POINTER_PATH,
  readContextPointer,
  useContext,
  notConfigured,
  type UseContextOptions,
} from '../context/active/context-pointer.js';

/** The seed's output shape for the pointer commands. */
export interface ContextPointerView {
  readonly active_context_paths: string[];
  readonly default_write_context_path: string | null;
  /** Where the pointer lives, relative to the working directory. */
  readonly config_path: string;
}

function view(
  cwd: string,
  file: string,
  data: { active_context_paths: string[]; default_write_context_path: string | null },
): ContextPointerView {
  return {
    active_context_paths: data.active_context_paths,
    default_write_context_path: data.default_write_context_path,
    config_path: path.relative(cwd, file) || file,
  };
}

export async function useContextPath(packagePath: string, options: UseContextOptions & { cwd?: string } = {}): Promise<ContextPointerView> {
  const cwd = options.cwd ?? process.cwd();
  const pointer = await useContext(cwd, packagePath, options);
  return view(cwd, pointer.file, pointer);
}

export async function currentContext(options: { cwd?: string } = {}): Promise<ContextPointerView> {
  const cwd = options.cwd ?? process.cwd();
  const pointer = await readContextPointer(cwd);
  if (!pointer) throw notConfigured();
  return view(cwd, pointer.file, pointer);
}

export async function clearContextPointer(options: { cwd?: string } = {}): Promise<ContextPointerView & { cleared: boolean }> {
  const cwd = options.cwd ?? process.cwd();
  const file = await clearContext(cwd);
  return {
    ...view(cwd, file ?? path.join(cwd, CONTEXT_POINTER_PATH), { active_context_paths: [], default_write_context_path: null }),
    cleared: file !== undefined,
  };
}
