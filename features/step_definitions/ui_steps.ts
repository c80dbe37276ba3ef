import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { UiDriver } from '../support/ui-driver.js';
import { activePackage, PILOT_RECORDS, runAgent, startStepwise, upsertRecord } from '../support/ui-fixtures.js';
import { expand, nodeNamed, rawRequest, textOf } from '../support/ui-page.js';
import type { EpWorld } from '../support/world.js';

const ui = (world: EpWorld) => UiDriver.of(world);
const page = (world: EpWorld) => ui(world).currentPage;

Given('an active context package with records about a pricing pilot', async function (this: EpWorld) {
  await activePackage(this, PILOT_RECORDS);
});

Given('an active context package with a record whose summary is {string}', async function (this: EpWorld, summary: string) {
  await activePackage(this, [...PILOT_RECORDS, { key: 'hostile', kind: 'note', title: 'Hostile', summary }]);
  this.values.set('summary', summary);
});

Given('the record {string} got a new summary {string} in a second commit', async function (this: EpWorld, key: string, summary: string) {
  await upsertRecord(this, { ...PILOT_RECORDS.find((record) => record.key === key), summary }, 'Double the pilot');
});

Given(
  'a session {string} in which {string} called {string}, which asked the model',
  async function (this: EpWorld, id: string, outer: string, _inner: string) {
    await runAgent(this, outer, { topic: 'pricing' }, id);
  },
);

Given('a session {string} that is running and has taken its first step', async function (this: EpWorld, id: string) {
  const running = await startStepwise(this, id);
  ui(this).track(running.run);
  this.values.set('running', running);
});

Given('ep ui is serving', async function (this: EpWorld) {
  await ui(this).startServer(this);
});

When('I open the printed address in the browser', async function (this: EpWorld) {
  await ui(this).open();
});

When("I search the page's records for {string}", async function (this: EpWorld, query: string) {
  await page(this).getByLabel('Search query').fill(query);
  await page(this).getByRole('button', { name: 'Search', exact: true }).click();
});

Then('the search results list {string} first with a BM25 score above 0', async function (this: EpWorld, key: string) {
  const first = page(this).getByRole('table', { name: 'Search results' }).locator('tbody tr').first();
  assert.equal(await textOf(first.getByRole('link')), key);
  assert.ok(Number(await textOf(first.locator('td.score'))) > 0);
});

Then('the search says it ranked the fields {string}', async function (this: EpWorld, fields: string) {
  assert.match(
    await textOf(page(this).getByRole('table', { name: 'Search results' }).locator('caption')),
    new RegExp(`BM25 over ${fields}$`),
  );
});

When('I open the record {string} from the records table', async function (this: EpWorld, key: string) {
  await ui(this).open();
  await page(this).getByRole('table', { name: 'Records' }).getByRole('link', { name: key, exact: true }).click();
});

Then("its package's history shows {int} commits, the newest {string}", async function (this: EpWorld, count: number, message: string) {
  const commits = page(this).getByRole('list', { name: 'Commits' }).locator('li');
  await commits.nth(count - 1).waitFor();
  assert.equal(await commits.count(), count);
  assert.match(await textOf(commits.first()), new RegExp(message));
});

Then(
  'the diff between them marks {string} as changed, from {string} to {string}',
  async function (this: EpWorld, field: string, before: string, after: string) {
    const row = page(this)
      .getByRole('table', { name: 'Record diff' })
      .locator('tr.changed', { has: page(this).getByRole('rowheader', { name: field }) });
    assert.match(await textOf(row.locator('td.before')), new RegExp(before));
    assert.match(await textOf(row.locator('td.after')), new RegExp(after));
  },
);

When('I open the session {string} from the sessions list', async function (this: EpWorld, id: string) {
  await ui(this).open();
  await page(this).getByRole('link', { name: 'Sessions', exact: true }).click();
  await page(this).getByRole('table', { name: 'Sessions' }).getByRole('link', { name: id, exact: true }).click();
  await page(this).evaluate(() => Object.assign(globalThis, { loadedOnce: true }));
});

When(
  "I expand the call {string}, then its nested call {string}, then that call's model call",
  async function (this: EpWorld, outer: string, inner: string) {
    const call = await expand(nodeNamed(page(this), page(this), outer));
    const nested = await expand(nodeNamed(page(this), call.locator(':scope > .nested'), inner));
    this.values.set('model', await expand(nested.locator(':scope > .nested > details.node.model').first()));
  },
);

Then('the model call shows the prompt it saw, with {string}', async function (this: EpWorld, text: string) {
  const model = this.values.get('model') as Locator;
  assert.ok((await textOf(model.getByLabel('Prompt', { exact: true }))).includes(text));
});

When('the running session takes its second step', async function (this: EpWorld) {
  const running = this.values.get('running') as Awaited<ReturnType<typeof startStepwise>>;
  await running.openGate();
  assert.equal((await running.run).exitCode, 0);
});

Then(
  'the open page shows the call {string} under {string} without being reloaded',
  async function (this: EpWorld, name: string, outer: string) {
    const call = await expand(nodeNamed(page(this), page(this), outer));
    await nodeNamed(page(this), call.locator(':scope > .nested'), name).waitFor({ state: 'visible' });
    assert.equal(await page(this).evaluate(() => (globalThis as { loadedOnce?: boolean }).loadedOnce), true);
  },
);

When(
  'I assemble context for the purpose {string} with a token budget of {int}',
  async function (this: EpWorld, purpose: string, budget: number) {
    await ui(this).open();
    await page(this).getByRole('link', { name: 'Assembly', exact: true }).click();
    await page(this).getByLabel('Purpose').fill(purpose);
    await page(this).getByLabel('Token budget').fill(String(budget));
    await page(this).getByRole('button', { name: 'Assemble' }).click();
  },
);

Then('the fragments list {string} with its tier, detail depth and tokens', async function (this: EpWorld, node: string) {
  const row = page(this).getByRole('table', { name: 'Fragments' }).locator('tbody tr', { hasText: node }).first();
  await row.waitFor();
  const cells = await row.locator('td').allTextContents();
  assert.equal(cells[1], 'warm');
  assert.match(cells[2]!, /^\d+$/);
  assert.ok(Number(cells[3]) > 0);
});

Then('the budget bar shows the share of the {int}-token budget the fragments use', async function (this: EpWorld, budget: number) {
  const tokens = await page(this).getByRole('table', { name: 'Fragments' }).locator('tbody tr td:nth-child(4)').allTextContents();
  const used = tokens.reduce((sum, cell) => sum + Number(cell), 0);
  const meter = page(this).getByRole('meter', { name: 'Token budget used' });
  assert.equal(Number(await meter.getAttribute('aria-valuenow')), Math.round((used / budget) * 1000) / 10);
  assert.match((await meter.getAttribute('aria-valuetext'))!, new RegExp(`^${used} tokens`));
});

When('I open the page without its token', async function (this: EpWorld) {
  const opened = await ui(this).newPage();
  ui(this).page = opened;
  this.values.set('status', (await opened.goto(`http://127.0.0.1:${ui(this).port}/`))!.status());
});

Then('the browser is refused with status {int} and sees no records', async function (this: EpWorld, status: number) {
  assert.equal(this.values.get('status'), status);
  assert.equal(await page(this).locator('table').count(), 0);
});

Then(
  'a request with the token under the Host {string} is refused with status {int}',
  async function (this: EpWorld, host: string, status: number) {
    const { url, port } = ui(this);
    const answer = await rawRequest(port, { path: new URL(url).search.replace(/^/, '/'), headers: { Host: `${host}:${port}` } });
    assert.equal(answer.status, status);
  },
);

Then(
  'a POST with the token from the origin {string} is refused with status {int}',
  async function (this: EpWorld, origin: string, status: number) {
    const { url, port } = ui(this);
    const headers = { Origin: origin, 'Content-Type': 'application/json' };
    const answer = await rawRequest(port, { path: `/api/request${new URL(url).search}`, method: 'POST', headers, body: '{"purpose":"x"}' });
    assert.equal(answer.status, status);
  },
);

Then('ep ui stops on SIGTERM with exit code {int}', async function (this: EpWorld, code: number) {
  assert.equal((await ui(this).stopServer('SIGTERM')).exitCode, code);
});

Then('the records table shows that summary as literal text', async function (this: EpWorld) {
  const row = page(this).getByRole('table', { name: 'Records' }).locator('tbody tr', { hasText: 'hostile' });
  assert.equal(await textOf(row.locator('td.summary')), this.values.get('summary'));
});

Then('no script or image from the record made it into the page', async function (this: EpWorld) {
  assert.equal(await page(this).evaluate(() => (globalThis as { injected?: boolean }).injected), undefined);
  assert.equal(await page(this).locator('main img, main script').count(), 0);
});
