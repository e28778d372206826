/**
 * End-to-end test harness: builds the renderer once (if its sources changed since the last
 * build), starts browser mode in-process (electron/browser/start.ts) on a temporary user
 * data directory, and drives Debian's Chromium through playwright-core with SwiftShader
 * WebGL. Screenshots go to test-results/e2e/.
 *
 * Needs the `chromium` Debian package (/usr/bin/chromium); tests skip with that message
 * when it is missing.
 *
 * Test helper: Node only.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { startBrowserServer, type BrowserServer } from '../../electron/browser/start.js';
import { decodePng, rgb, type Image } from './png.js';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const CHROMIUM = process.env.SANDTABLE_CHROMIUM ?? '/usr/bin/chromium';
export const SHOTS = join(REPO, 'test-results', 'e2e');
const OUT = join(REPO, 'out', 'renderer');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

/** Why the end-to-end tests cannot run here, or null if they can. */
export function missingPrerequisite(): string | null {
  if (!existsSync(CHROMIUM)) return `end-to-end tests need Chromium at ${CHROMIUM}: apt-get install -y chromium (Debian package "chromium")`;
  return null;
}

/**
 * Why a test file cannot run here (a missing prerequisite, else `alsoMissing`), warned as
 * "skipping <what>: …"; null if it can. Pass the result to `describe.skipIf`.
 */
export function skipReason(what = 'end-to-end tests', alsoMissing: string | null = null): string | null {
  const missing = missingPrerequisite() ?? alsoMissing;
  if (missing) console.warn(`skipping ${what}: ${missing}`);
  return missing;
}

function newestMtime(dir: string, skip: (name: string) => boolean): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip(entry.name)) continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p, skip) : statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * Builds out/renderer/ unless it is newer than every renderer, core and contract source.
 * Test files run in parallel processes, so a lock directory makes the others wait.
 */
export function ensureRendererBuilt(): void {
  const lock = join(REPO, 'out', '.renderer-build.lock');
  mkdirSync(join(REPO, 'out'), { recursive: true });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than 5 minutes belongs to a build that died.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 300_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`timed out waiting for the renderer build lock ${lock}`);
      execFileSync('sleep', ['0.5']);
    }
  }
  try {
    const skip = (name: string) => name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.testkit.ts');
    const sources = Math.max(
      newestMtime(join(REPO, 'renderer'), skip),
      newestMtime(join(REPO, 'core'), skip),
      newestMtime(join(REPO, 'electron', 'shared'), skip),
    );
    const stamp = join(OUT, 'index.html');
    if (existsSync(stamp) && statSync(stamp).mtimeMs >= sources) return;
    execFileSync(process.execPath, [join(REPO, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface App {
  browser: Browser;
  page: Page;
  url: string;
  /** The in-process server: tests may ask its services the same questions directly. */
  server: BrowserServer;
  userDataDir: string;
  /** Stops the browser and the server and removes the user data directory. */
  close(): Promise<void>;
}

/** Builds the renderer if needed, starts browser mode and opens its URL in Chromium. */
export async function startApp(options: { width?: number; height?: number } = {}): Promise<App> {
  ensureRendererBuilt();
  const userDataDir = mkdtempSync(join(tmpdir(), 'sandtable-e2e-'));
  const server = await startBrowserServer({ userDataDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: options.width ?? 1400, height: options.height ?? 860 }, deviceScaleFactor: 1 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(server.url);
  await page.getByTestId('start-screen').waitFor({ timeout: 20_000 }).catch((e: Error) => {
    throw new Error(`the start screen did not appear: ${e.message}\npage errors: ${errors.join('\n') || 'none'}`);
  });
  return {
    browser,
    page,
    url: server.url,
    server,
    userDataDir,
    async close() {
      await browser.close().catch(() => undefined);
      await server.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the app before the tests of the enclosing `describe` and closes it after them.
 * The returned object reads the running app, so a suite holds it from its first line.
 */
export function appForSuite(options: { width?: number; height?: number } = {}): App {
  let app: App | undefined;
  beforeAll(async () => {
    app = await startApp(options);
  }, 240_000);
  afterAll(async () => {
    await app?.close();
  }, 240_000);
  const running = (): App => {
    if (!app) throw new Error('the app is not running: appForSuite starts it in beforeAll');
    return app;
  };
  return {
    get browser() {
      return running().browser;
    },
    get page() {
      return running().page;
    },
    get url() {
      return running().url;
    },
    get server() {
      return running().server;
    },
    get userDataDir() {
      return running().userDataDir;
    },
    close: () => running().close(),
  };
}

const catalogue = JSON.parse(readFileSync(join(REPO, 'resources/terrain/default.json'), 'utf8')) as { terrains: { id: string; colour: string }[] };

/** The colour the default terrain catalogue gives terrain `id`. */
export function terrainColour(id: string): [number, number, number] {
  const terrain = catalogue.terrains.find((t) => t.id === id);
  if (!terrain) throw new Error(`no terrain "${id}" in resources/terrain/default.json`);
  return rgb(terrain.colour);
}

/** Saves a screenshot of `target` (the page if omitted) as test-results/e2e/<name>.png and returns its pixels. */
export async function shot(page: Page, name: string, target?: Locator): Promise<Image> {
  mkdirSync(SHOTS, { recursive: true });
  const png = target ? await target.screenshot({ animations: 'disabled' }) : await page.screenshot({ animations: 'disabled' });
  writeFileSync(join(SHOTS, `${name}.png`), png);
  return decodePng(png);
}

/** Pixels of `target` without saving a file. */
export async function grab(target: Locator): Promise<Image> {
  return decodePng(await target.screenshot({ animations: 'disabled' }));
}
