import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ToolRegistry } from '../../src/skills/tool.js';
import { EpRuntime } from '../../src/runtime/runtime.js';
import { buildContextSkill } from '../../src/skills/context/context-skill.js';
import { SkillDefinition } from '../../src/skills/skill-definition.js';

describe('builtin/context skill', () => {
  it('resolves its three read-only tools and calls them as a read-only caller', async () => {
    const runtime = await EpRuntime.create({ config: {} });
    try {
      const registry = runtime.get(ToolRegistry);
      const skill = buildContextSkill(registry);
      assert.deepEqual(
        skill.tools.map((t) => t.name),
        ['builtin/request-context', 'builtin/query-history', 'builtin/get-context-budget'],
      );
      const budget = (await skill.call('builtin/get-context-budget', {})) as Record<string, number>;
      assert.deepEqual(budget, { max_tokens: 8000, reserved_tokens: 1000, available_tokens: 7000, used_tokens: 0 });
      await assert.rejects(skill.call('builtin/unknown', {}), { code: 'SKILL_TOOL_NOT_INCLUDED' });
      await assert.rejects(registry.call('builtin/request-context', { purpose: 'x', temporal: 'someday' }), {
        code: 'TOOL_INPUT_INVALID',
        message: /\/temporal/,
      });
      assert.throws(() => SkillDefinition.build({ name: 'test/s', description: '', readOnly: true, tools: ['builtin/none'] }, registry), {
        code: 'TOOL_NOT_FOUND',
      });
    } finally {
      await runtime.shutdown();
    }
  });
});
