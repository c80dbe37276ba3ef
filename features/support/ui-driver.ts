import { After } from '@cucumber/cucumber';
import { execa, type ResultPromise } from 'execa';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { EP_BIN, REPO_ROOT, type EpWorld } from './world.js';

/** Debian's Chromium (`.ci/run` installs it when missing). */
const CHROMIUM = '/usr/bin/chromium';
/** As root Chromium needs --no-sandbox; the rest keep it from reaching the network on its own. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
const SCREENSHOTS = path.join(REPO_ROOT, 'reports/ui');

/** The `ep ui` child process, the address it printed, and a Chromium page on it. */
export class UiDriver {
  private server?: ResultPromise;
  private browser?: Browser;
  private stderr = '';
  /** Other children a scenario started (a running agent), stopped with the server. */
  private readonly children: ResultPromise[] = [];
  url = '';
  port = 0;

  /** The scenario's driver, created on first use; the After hook below stops whatever it started. */
  static of(world: EpWorld): UiDriver {
    let driver = world.values.get('ui') as UiDriver | undefined;
    if (!driver) world.values.set('ui', (driver = new UiDriver()));
    return driver;
  }

  /** Starts `ep ui --port 0` in the scenario's project and waits for the envelope it prints once listening. */
  async startServer(world: EpWorld, args: string[] = []): Promise<void> {
    const child = execa(process.execPath, [EP_BIN, 'ui', '--port', '0', ...args], {
      cwd: world.dir,
      env: { EP_HOME: world.home, TMPDIR: path.join(world.dir, '.tmp'), NO_COLOR: '1' },
      reject: false,
      stdin: 'ignore',
    });
    this.server = child;
    child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    const envelope = await new Promise<any>((resolve, reject) => {
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        try {
          resolve(JSON.parse(stdout));
        } catch {
          // Not the whole envelope yet.
        }
      });
      void child.then((result) => reject(new Error(`ep ui exited (${result.exitCode}) before listening:\n${stdout}\n${this.stderr}`)));
    });
    if (envelope.status !== 'ok') throw new Error(`ep ui failed: ${JSON.stringify(envelope)}`);
    this.url = envelope.data.url;
    this.port = envelope.data.port;
  }

  /** Stops `child` with the server if it is still running then. */
  track(child: ResultPromise): void {
    this.children.push(child);
  }

  /** A fresh page in Chromium (launched once per scenario). */
  async newPage(): Promise<Page> {
    this.browser ??= await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const page = await this.browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.setDefaultTimeout(15_000);
    return page;
  }

  /** Opens the printed address (token included) in a new page; `hash` picks a view. */
  async open(hash = ''): Promise<Page> {
    const page = await this.newPage();
    await page.goto(this.url);
    if (hash) await page.goto(`http://127.0.0.1:${this.port}/${hash}`);
    this.page = page;
    return page;
  }

  page?: Page;

  get currentPage(): Page {
    if (!this.page) throw new Error('No page is open yet.');
    return this.page;
  }

  /** Stops the server as Ctrl-C would and returns how it exited. */
  async stopServer(signal: 'SIGINT' | 'SIGTERM' = 'SIGTERM'): Promise<{ exitCode: number | undefined; stderr: string }> {
    const child = this.server;
    if (!child) throw new Error('ep ui is not running.');
    this.server = undefined;
    child.kill(signal);
    const result = await child;
    return { exitCode: result.exitCode, stderr: this.stderr };
  }

  async close(screenshotName: string): Promise<void> {
    try {
      if (this.page && !this.page.isClosed()) {
        await mkdir(SCREENSHOTS, { recursive: true });
        await this.page.screenshot({ path: path.join(SCREENSHOTS, `${screenshotName}.png`), fullPage: true });
      }
    } finally {
      await this.browser?.close();
      this.browser = undefined;
      if (this.server) await this.stopServer().catch(() => undefined);
      for (const child of this.children) {
        child.kill('SIGTERM');
        await child.catch(() => undefined);
      }
    }
  }
}

// Registered after the World's own hooks, so it runs before the scenario's directory is removed.
After(async function (this: EpWorld, { pickle }) {
  const driver = this.values.get('ui') as UiDriver | undefined;
  if (driver) await driver.close(pickle.name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase());
});
