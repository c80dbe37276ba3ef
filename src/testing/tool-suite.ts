import assert from 'node:assert/strict';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isEpError } from '../kernel/errors.js';
import { TOOL_NAME_PATTERN, ToolRegistryService } from '../skills/tool-registry.js';
import type { Tool, ToolCapability } from '../skills/tool.js';
import { conformanceCase, type ConformanceSuite, type Subject, type SubjectContext } from './conformance-suite.js';

export interface ToolConformanceOptions {
  /** Inputs the tool accepts; each is called, and its output checked against the output schema. */
  readonly validInputs: readonly unknown[];
  /** Inputs the input schema refuses (the registry answers TOOL_INPUT_INVALID before the tool runs). */
  readonly invalidInputs?: readonly unknown[];
}

const CAPABILITIES: readonly ToolCapability[] = ['read_only', 'idempotent', 'writes', 'destructive', 'open_world'];

async function compile(schema: unknown) {
  const { Ajv } = await import('ajv');
  return new Ajv({ allErrors: true, strict: false }).compile(schema as object);
}

/** Every file under `dir` with its size and content, to tell whether a call wrote anything. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true })) {
    const file = path.join(dir, entry);
    if ((await stat(file)).isFile()) files[entry] = (await readFile(file)).toString('base64');
  }
  return files;
}

/** Calls with the working directory in the check's scratch directory, where a tool writing relative paths would write. */
async function inDirectory<T>(context: SubjectContext, body: () => Promise<T>): Promise<T> {
  const previous = process.cwd();
  process.chdir(context.dir);
  try {
    return await body();
  } finally {
    process.chdir(previous);
  }
}

/**
 * The `Tool` contract (`ep.Tool`): a namespaced name, schemas that compile, capabilities from the known set,
 * outputs that match the output schema, and a `read_only` tool that writes nothing.
 */
export function toolConformance(subject: Subject<Tool>, options: ToolConformanceOptions): ConformanceSuite {
  const check = (name: string, body: (tool: Tool, context: SubjectContext) => Promise<void> | void) => conformanceCase(name, subject, body);
  return {
    contract: 'Tool',
    cases: [
      check('has a namespaced name, a description and known capabilities', (tool) => {
        assert.match(tool.name, TOOL_NAME_PATTERN, `tool name ${JSON.stringify(tool.name)} is not namespaced like "acme/word-count"`);
        assert.ok(typeof tool.description === 'string' && tool.description.trim().length > 0, 'the description is empty');
        assert.ok(Array.isArray(tool.capabilities), 'capabilities is not a list');
        for (const capability of tool.capabilities as readonly ToolCapability[])
          assert.ok(CAPABILITIES.includes(capability), `unknown capability ${capability}`);
        if (tool.capabilities.includes('read_only')) {
          assert.ok(
            !tool.capabilities.includes('writes') && !tool.capabilities.includes('destructive'),
            'a read_only tool also says it writes',
          );
        }
      }),
      check('has an object input schema and schemas that compile', async (tool) => {
        assert.equal((tool.inputSchema as { type?: unknown }).type, 'object', 'the input schema is not of type object (MCP needs one)');
        await compile(tool.inputSchema);
        if (tool.outputSchema) await compile(tool.outputSchema);
      }),
      check('accepts the valid inputs and answers with JSON its output schema allows', async (tool, context) => {
        const validateInput = await compile(tool.inputSchema);
        const validateOutput = tool.outputSchema ? await compile(tool.outputSchema) : undefined;
        const registry = ToolRegistryService.of([tool]);
        for (const input of options.validInputs) {
          assert.ok(validateInput(input), `the input schema refuses the valid input ${JSON.stringify(input)}`);
          const output = await inDirectory(context, () => registry.call(tool.name, input));
          assert.doesNotThrow(() => JSON.stringify(output), 'the output is not JSON');
          if (validateOutput) {
            assert.ok(
              validateOutput(output),
              `the output for ${JSON.stringify(input)} breaks the output schema: ${JSON.stringify(validateOutput.errors)}`,
            );
          }
        }
      }),
      check('is refused invalid inputs before it runs', async (tool) => {
        const registry = ToolRegistryService.of([tool]);
        for (const input of options.invalidInputs ?? []) {
          await assert.rejects(
            registry.call(tool.name, input),
            (error: unknown) => isEpError(error) && error.code === 'TOOL_INPUT_INVALID',
            `the invalid input ${JSON.stringify(input)} reached the tool`,
          );
        }
      }),
      check('keeps its read-only promise', async (tool, context) => {
        const registry = ToolRegistryService.of([tool]);
        if (!tool.capabilities.includes('read_only')) {
          await assert.rejects(
            registry.call(tool.name, options.validInputs[0] ?? {}, { readOnly: true }),
            (error: unknown) => isEpError(error) && error.code === 'TOOL_NOT_READ_ONLY',
          );
          return;
        }
        const before = await snapshot(context.dir);
        for (const input of options.validInputs) await inDirectory(context, () => registry.call(tool.name, input, { readOnly: true }));
        assert.deepEqual(await snapshot(context.dir), before, 'a read_only tool wrote to its working directory');
      }),
    ],
  };
}
