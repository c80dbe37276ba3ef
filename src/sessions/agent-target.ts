import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EpError, ExitCode, errorMessage } from '../kernel/errors.js';
import { agentSpecOf, recordCall, resolveSpec } from './agent-function.js';
import type { Callable } from './callable.js';

/** An agent function loaded from `<module>#<export>` or `<module>#<Class>.<method>`. */
export interface AgentTarget {
  readonly target: string;
  readonly name: string;
  /** Calls the function with the input, as a node of the current session (a session is required). */
  invoke(input: unknown): unknown;
}

/**
 * Loads what `ep run` runs. The module is a path (relative to `cwd`) or a package name; the export is a
 * function, called with the input, or `Class.method`: the class is constructed with no arguments and the
 * method called with the input. Every run is a node of the session: a decorated function records its own
 * call; an undecorated one is recorded here, under its export name, with its docstring as instructions,
 * so the calls it makes nest under it.
 */
export async function loadAgentTarget(target: string, cwd: string): Promise<AgentTarget> {
  const hash = target.lastIndexOf('#');
  if (hash <= 0 || hash === target.length - 1) {
    throw new EpError('USAGE_ERROR', `Agent target ${JSON.stringify(target)} is not <module>#<export>.`, {
      exitCode: ExitCode.usage,
      suggestion: 'For example: ep run ./agent.js#summarize, or ./agent.js#Research.survey.',
    });
  }
  const specifier = target.slice(0, hash);
  const [exportName, method, ...rest] = target.slice(hash + 1).split('.');
  if (!exportName || rest.length > 0 || method === '') {
    throw new EpError('USAGE_ERROR', `Agent target ${JSON.stringify(target)} names its export as <export> or <Class>.<method>.`, {
      exitCode: ExitCode.usage,
    });
  }
  const namespace = await importModule(specifier, cwd);
  const exported = namespace[exportName];
  const notFound = (what: string) =>
    new EpError('AGENT_NOT_FOUND', `${what} in ${specifier}.`, {
      exitCode: ExitCode.notFound,
      details: { target, exports: Object.keys(namespace) },
    });
  if (exported === undefined) throw notFound(`No export ${exportName}`);
  if (method === undefined) {
    if (typeof exported !== 'function' || isClass(exported))
      throw notFound(`Export ${exportName} is not a function (name a method: ${exportName}.<method>)`);
    return { target, name: exportName, invoke: (input) => invokeRecorded(exportName, exported, undefined, input) };
  }
  const instance = typeof exported === 'function' ? new (exported as new () => object)() : exported;
  const fn = (instance as Record<string, unknown> | null)?.[method];
  if (typeof fn !== 'function') throw notFound(`${exportName} has no method ${method}`);
  const name = `${exportName}.${method}`;
  return { target, name, invoke: (input) => invokeRecorded(name, fn, instance, input) };
}

function invokeRecorded(name: string, fn: Callable, thisArg: unknown, input: unknown): unknown {
  if (agentSpecOf(fn)) return fn.call(thisArg, input);
  return recordCall(resolveSpec(name, undefined, fn), fn, thisArg, [input]);
}

async function importModule(specifier: string, cwd: string): Promise<Record<string, unknown>> {
  const local = path.resolve(cwd, specifier);
  let file: string;
  if (specifier.startsWith('.') || path.isAbsolute(specifier) || existsSync(local)) {
    if (!existsSync(local)) throw moduleNotFound(specifier, cwd);
    // Node reads the module whole: a device or FIFO would never finish loading.
    if (!statSync(local).isFile()) {
      throw new EpError('INVALID_INPUT', `Agent module ${specifier} is not a regular file.`, {
        exitCode: ExitCode.usage,
        details: { module: specifier },
      });
    }
    file = local;
  } else {
    try {
      file = createRequire(path.join(cwd, 'noop.js')).resolve(specifier);
    } catch {
      throw moduleNotFound(specifier, cwd);
    }
  }
  try {
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (cause) {
    throw new EpError('AGENT_LOAD_FAILED', `Agent module ${specifier} failed to load: ${errorMessage(cause)}`, {
      cause,
      details: { file },
    });
  }
}

function moduleNotFound(specifier: string, cwd: string): EpError {
  return new EpError('AGENT_NOT_FOUND', `Agent module ${specifier} was not found from ${cwd}.`, {
    exitCode: ExitCode.notFound,
    details: { module: specifier, cwd },
  });
}

function isClass(value: Callable): boolean {
  return /^class[\s{]/.test(Function.prototype.toString.call(value));
}
