import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import {
  AssembledContext,
  ContextBudget,
  ContextFragment,
  ContextRequest,
  DetailLevelMap,
  FragmentProvenance,
} from '../../src/context/assembly/index.js';
import { crp, DEFAULT_PURPOSE } from '../support/crp-driver.js';
import type { EpWorld } from '../support/world.js';

// ---- DetailLevelMap
Given('a DetailLevelMap for domain {string} with max depth {int}', function (this: EpWorld, domain: string, maxDepth: number) {
  crp(this).map = new DetailLevelMap({ domain, maxDepth });
});
Given(
  'a DetailLevelMap for domain {string} with max depth {int} and levels {string} at {int}',
  function (this: EpWorld, domain: string, maxDepth: number, name: string, depth: number) {
    crp(this).map = new DetailLevelMap({ domain, maxDepth, levels: { [name]: depth } });
  },
);
Given('the map has level {string} at depth {int}', function (this: EpWorld, name: string, depth: number) {
  crp(this).map = crp(this).map!.register(name, depth);
});
Given('a parent DetailLevelMap for domain {string} with max depth {int}', function (this: EpWorld, domain: string, maxDepth: number) {
  crp(this).parent = new DetailLevelMap({ domain, maxDepth });
});
Given('the parent map has level {string} at depth {int}', function (this: EpWorld, name: string, depth: number) {
  crp(this).parent = crp(this).parent!.register(name, depth);
});
Given('a child DetailLevelMap for domain {string} with max depth {int}', function (this: EpWorld, domain: string, maxDepth: number) {
  crp(this).child = new DetailLevelMap({ domain, maxDepth, parent: crp(this).parent });
});
Given('the child map has level {string} at depth {int}', function (this: EpWorld, name: string, depth: number) {
  crp(this).child = crp(this).child!.register(name, depth);
});
When('I register level {string} at depth {int}', function (this: EpWorld, name: string, depth: number) {
  crp(this).map = crp(this).map!.register(name, depth);
});
Then('the map should resolve {string} to {int}', function (this: EpWorld, name: string, depth: number) {
  assert.equal(crp(this).map!.resolve(name), depth);
});
Then('the map should resolve integer {int} to {int}', function (this: EpWorld, level: number, depth: number) {
  assert.equal(crp(this).map!.resolve(level), depth);
});
Then('the child map should resolve {string} to {int}', function (this: EpWorld, name: string, depth: number) {
  assert.equal(crp(this).child!.resolve(name), depth);
});
Then('the child effective_levels should contain {string} at {int}', function (this: EpWorld, name: string, depth: number) {
  assert.equal(crp(this).child!.effectiveLevels()[name], depth);
});
Then('resolving {string} should raise ValueError', function (this: EpWorld, name: string) {
  crp(this).expectInvalid(() => crp(this).map!.resolve(name), name);
});
Then(
  'creating a DetailLevelMap with level {string} at depth {int} should raise ValueError',
  function (this: EpWorld, name: string, depth: number) {
    crp(this).expectInvalid(() => new DetailLevelMap({ domain: 'uko-code:', maxDepth: 9, levels: { [name]: depth } }), `levels.${name}`);
  },
);
Then('registering level {string} at depth {int} should raise ValueError', function (this: EpWorld, name: string, depth: number) {
  crp(this).expectInvalid(() => crp(this).map!.register(name, depth), `levels.${name}`);
});

// ---- FragmentProvenance
Given('a FragmentProvenance with resource URI {string}', function (this: EpWorld, resourceUri: string) {
  crp(this).provenance = new FragmentProvenance({ resourceUri });
});
Then('the provenance resource_uri should be {string}', function (this: EpWorld, uri: string) {
  assert.equal(crp(this).provenance!.resourceUri, uri);
});
Then('the provenance location should be empty', function (this: EpWorld) {
  assert.equal(crp(this).provenance!.location, '');
});
Then('the provenance strategy should be empty', function (this: EpWorld) {
  assert.equal(crp(this).provenance!.strategy, '');
});
Then('creating a FragmentProvenance with empty resource_uri should raise ValueError', function (this: EpWorld) {
  crp(this).expectInvalid(() => new FragmentProvenance({ resourceUri: '' }), 'resource_uri');
});

// ---- ContextBudget
Given('a ContextBudget with max_tokens {int} and reserved_tokens {int}', function (this: EpWorld, max: number, reserved: number) {
  crp(this).budget = new ContextBudget(max, reserved);
});
Then('the budget available_tokens should be {int}', function (this: EpWorld, tokens: number) {
  assert.equal(crp(this).budget!.availableTokens, tokens);
});
Then('the budget max_tokens should be {int}', function (this: EpWorld, tokens: number) {
  assert.equal(crp(this).budget!.maxTokens, tokens);
});
Then('the budget reserved_tokens should be {int}', function (this: EpWorld, tokens: number) {
  assert.equal(crp(this).budget!.reservedTokens, tokens);
});
Then('creating a ContextBudget with max_tokens {int} should raise ValueError', function (this: EpWorld, max: number) {
  crp(this).expectInvalid(() => new ContextBudget(max), 'max_tokens');
});
Then(
  'creating a ContextBudget with max_tokens {int} and reserved_tokens {int} should raise ValueError',
  function (this: EpWorld, max: number, reserved: number) {
    crp(this).expectInvalid(() => new ContextBudget(max, reserved), 'reserved_tokens');
  },
);

// ---- ContextFragment
Given('a ContextFragment with uko_node {string} and content {string}', function (this: EpWorld, ukoNode: string, content: string) {
  Object.assign(crp(this).fragmentInit, { ukoNode, content });
});
Given('the fragment has detail_depth {int} and token_count {int}', function (this: EpWorld, detailDepth: number, tokenCount: number) {
  Object.assign(crp(this).fragmentInit, { detailDepth, tokenCount });
});
Given('the fragment has relevance_score {float}', function (this: EpWorld, relevanceScore: number) {
  Object.assign(crp(this).fragmentInit, { relevanceScore });
});
Then('the fragment uko_node should be {string}', function (this: EpWorld, node: string) {
  assert.equal(crp(this).fragment().ukoNode, node);
});
Then('the fragment token_count should be {int}', function (this: EpWorld, tokens: number) {
  assert.equal(crp(this).fragment().tokenCount, tokens);
});
Then('the fragment relevance_score should be {float}', function (this: EpWorld, score: number) {
  assert.equal(crp(this).fragment().relevanceScore, score);
});
Then('the fragment detail_depth should be {int}', function (this: EpWorld, depth: number) {
  assert.equal(crp(this).fragment().detailDepth, depth);
});
Then('creating a ContextFragment with token_count {int} should raise ValueError', function (this: EpWorld, tokenCount: number) {
  crp(this).expectInvalid(() => fragmentWith({ tokenCount }), 'token_count');
});
Then('creating a ContextFragment with relevance_score {float} should raise ValueError', function (this: EpWorld, relevanceScore: number) {
  crp(this).expectInvalid(() => fragmentWith({ relevanceScore }), 'relevance_score');
});
Then('creating a ContextFragment with detail_depth {int} should raise ValueError', function (this: EpWorld, detailDepth: number) {
  crp(this).expectInvalid(() => fragmentWith({ detailDepth }), 'detail_depth');
});
Then('creating a ContextFragment with empty uko_node should raise ValueError', function (this: EpWorld) {
  crp(this).expectInvalid(() => fragmentWith({ ukoNode: '' }), 'uko_node');
});

// ---- ContextRequest
Given('a ContextRequest with purpose {string}', function (this: EpWorld, purpose: string) {
  Object.assign(crp(this).requestInit, { purpose });
});
Given('a full ContextRequest with query {string} and focus {string}', function (this: EpWorld, query: string, focus: string) {
  Object.assign(crp(this).requestInit, { query, focus: [focus] });
});
Given('the request has breadth {int} and depth {string}', function (this: EpWorld, breadth: number, depth: string) {
  Object.assign(crp(this).requestInit, { breadth, depth });
});
Given('the request has priority {float} and purpose {string}', function (this: EpWorld, priority: number, purpose: string) {
  Object.assign(crp(this).requestInit, { priority, purpose });
});
Given('a ContextRequest with depth {string}', function (this: EpWorld, depth: string) {
  Object.assign(crp(this).requestInit, { depth });
});
Given('a ContextRequest with breadth {int}', function (this: EpWorld, breadth: number) {
  Object.assign(crp(this).requestInit, { breadth });
});
Given('a ContextRequest with max_tokens {int}', function (this: EpWorld, maxTokens: number) {
  Object.assign(crp(this).requestInit, { maxTokens });
});
Then('the request purpose should be {string}', function (this: EpWorld, purpose: string) {
  assert.equal(crp(this).request().purpose, purpose);
});
Then('the request breadth should be {int}', function (this: EpWorld, breadth: number) {
  assert.equal(crp(this).request().breadth, breadth);
});
Then('the request depth should be {int}', function (this: EpWorld, depth: number) {
  assert.equal(crp(this).request().depth, depth);
});
Then('the request depth should be {string}', function (this: EpWorld, depth: string) {
  assert.equal(crp(this).request().depth, depth);
});
Then('the request depth_gradient should be true', function (this: EpWorld) {
  assert.equal(crp(this).request().depthGradient, true);
});
Then('the request priority should be {float}', function (this: EpWorld, priority: number) {
  assert.equal(crp(this).request().priority, priority);
});
Then('the request temporal should be {string}', function (this: EpWorld, temporal: string) {
  assert.equal(crp(this).request().temporal, temporal);
});
Then('the request query should be None', function (this: EpWorld) {
  assert.equal(crp(this).request().query, null);
});
Then('the request query should be {string}', function (this: EpWorld, query: string) {
  assert.equal(crp(this).request().query, query);
});
Then('the request max_tokens should be None', function (this: EpWorld) {
  assert.equal(crp(this).request().maxTokens, null);
});
Then('the request max_tokens should be {int}', function (this: EpWorld, maxTokens: number) {
  assert.equal(crp(this).request().maxTokens, maxTokens);
});
Then('creating a ContextRequest with breadth {int} should raise ValueError', function (this: EpWorld, breadth: number) {
  crp(this).expectInvalid(() => new ContextRequest({ purpose: DEFAULT_PURPOSE, breadth }), 'breadth');
});
Then('creating a ContextRequest with depth {int} should raise ValueError', function (this: EpWorld, depth: number) {
  crp(this).expectInvalid(() => new ContextRequest({ purpose: DEFAULT_PURPOSE, depth }), 'depth');
});
Then('creating a ContextRequest with priority {float} should raise ValueError', function (this: EpWorld, priority: number) {
  crp(this).expectInvalid(() => new ContextRequest({ purpose: DEFAULT_PURPOSE, priority }), 'priority');
});
Then('creating a ContextRequest with max_tokens {int} should raise ValueError', function (this: EpWorld, maxTokens: number) {
  crp(this).expectInvalid(() => new ContextRequest({ purpose: DEFAULT_PURPOSE, maxTokens }), 'max_tokens');
});

// ---- AssembledContext
Given(
  'an AssembledContext with total_tokens {int} and budget_used {float}',
  function (this: EpWorld, totalTokens: number, budgetUsed: number) {
    Object.assign(crp(this).assembledInit, { totalTokens, budgetUsed });
  },
);
Given('the assembled context has hash {string}', function (this: EpWorld, contextHash: string) {
  Object.assign(crp(this).assembledInit, { contextHash });
});
Then('the assembled total_tokens should be {int}', function (this: EpWorld, tokens: number) {
  assert.equal(crp(this).assembledContext().totalTokens, tokens);
});
Then('the assembled budget_used should be {float}', function (this: EpWorld, used: number) {
  assert.equal(crp(this).assembledContext().budgetUsed, used);
});
Then('the assembled context_hash should be {string}', function (this: EpWorld, hash: string) {
  assert.equal(crp(this).assembledContext().contextHash, hash);
});
Then('creating an AssembledContext with budget_used {float} should raise ValueError', function (this: EpWorld, budgetUsed: number) {
  crp(this).expectInvalid(() => new AssembledContext({ totalTokens: 0, budgetUsed, contextHash: 'h' }), 'budget_used');
});
Then('creating an AssembledContext with total_tokens {int} should raise ValueError', function (this: EpWorld, totalTokens: number) {
  crp(this).expectInvalid(() => new AssembledContext({ totalTokens, budgetUsed: 0, contextHash: 'h' }), 'total_tokens');
});

// ---- Context skill tools
Given('a context tier service with sample fragments', async function (this: EpWorld) {
  await crp(this).startRuntime(true);
});
Given('an empty context tier service', async function (this: EpWorld) {
  await crp(this).startRuntime(false);
});
When('I call the request_context tool with purpose {string}', async function (this: EpWorld, purpose: string) {
  await crp(this).callTool('request_context', 'builtin/request-context', { purpose });
});
When('I call the request_context tool filtering by query {string}', async function (this: EpWorld, query: string) {
  crp(this).results.set('term', query);
  await crp(this).callTool('request_context', 'builtin/request-context', { purpose: `Everything about ${query}`, query });
});
When('I call the request_context tool with focus on {string}', async function (this: EpWorld, focus: string) {
  crp(this).results.set('term', focus);
  await crp(this).callTool('request_context', 'builtin/request-context', { purpose: `Work on ${focus}`, focus: [focus] });
});
When('I call the query_history tool with query {string}', async function (this: EpWorld, query: string) {
  await crp(this).callTool('query_history', 'builtin/query-history', { query });
});
When('I call the get_context_budget tool', async function (this: EpWorld) {
  await crp(this).callTool('budget', 'builtin/get-context-budget', {});
});
Then('the {word} result should contain {string} key', function (this: EpWorld, result: string, key: string) {
  assert.ok(key in crp(this).result(result), `${result} result keys: ${Object.keys(crp(this).result(result)).join(', ')}`);
});
Then('the {word} result {string} should be an empty list', function (this: EpWorld, result: string, key: string) {
  assert.deepEqual(crp(this).result(result)[key], []);
});
Then('the {word} result {string} should not be empty', function (this: EpWorld, result: string, key: string) {
  assert.ok(crp(this).result(result)[key].length > 0, `${key} is empty`);
});
Then('the {word} result {string} should be {int}', function (this: EpWorld, result: string, key: string, value: number) {
  assert.equal(crp(this).result(result)[key], value);
});
Then('the {word} result {string} should be greater than {int}', function (this: EpWorld, result: string, key: string, value: number) {
  assert.ok(crp(this).result(result)[key] > value, `${key} is ${crp(this).result(result)[key]}`);
});
Then('the request_context result {string} should only contain matching content', function (this: EpWorld, key: string) {
  const term = String(crp(this).results.get('term')).toLowerCase();
  const fragments = crp(this).result('request_context')[key] as { uko_node: string; content: string }[];
  assert.ok(fragments.length > 0, 'no fragments were returned');
  for (const f of fragments) assert.ok(`${f.uko_node}\n${f.content}`.toLowerCase().includes(term), `${f.uko_node} does not match ${term}`);
});
When('I build the builtin\\/context SkillDefinition', async function (this: EpWorld) {
  await crp(this).buildSkill();
});
Then('the skill definition name should be {string}', function (this: EpWorld, name: string) {
  assert.equal(crp(this).skill!.name, name);
});
Then('the skill definition should have {int} resolved tools', function (this: EpWorld, count: number) {
  assert.equal(crp(this).skill!.tools.length, count);
});
Then('the skill definition should be read-only', function (this: EpWorld) {
  assert.equal(crp(this).skill!.readOnly, true);
  for (const tool of crp(this).skill!.tools) assert.ok(tool.capabilities.includes('read_only'), tool.name);
});
Given('a CRP tool registry with context tools registered', async function (this: EpWorld) {
  await crp(this).startRuntime(false);
});
Then('the CRP registry should contain tool {string}', async function (this: EpWorld, name: string) {
  assert.ok((await crp(this).registry()).has(name));
});
Then('CRP tool {string} should have read_only capability', async function (this: EpWorld, name: string) {
  assert.ok((await crp(this).registry()).describe(name).capabilities.includes('read_only'));
});
Then('CRP tool {string} should require {string} in input schema', async function (this: EpWorld, name: string, field: string) {
  assert.ok(((await crp(this).registry()).describe(name).inputSchema.required as string[]).includes(field));
});

function fragmentWith(overrides: Partial<ConstructorParameters<typeof ContextFragment>[0]>): ContextFragment {
  return new ContextFragment({
    ukoNode: 'uko-py:class/AuthManager',
    content: 'class AuthManager: ...',
    detailDepth: 9,
    tokenCount: 800,
    relevanceScore: 0.5,
    ...overrides,
  });
}
