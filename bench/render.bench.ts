/**
 * Render benchmark (issue 5 "Benchmark", SPEC §12 "1 M tiles build their buffers in under
 * 1 s and draw in a handful of draw calls"): builds the renderer's benchmark page
 * (renderer/bench/, the app's own MapLayers over core/render) with Vite, serves it on
 * 127.0.0.1 and runs it in headless Chromium with SwiftShader WebGL — buffer build time and
 * draw calls for 10 k, 100 k and 1 M tiles, flat and globe, the repaint after one tile edit,
 * and the frame time while panning. SwiftShader renders on the CPU, so frame times are for
 * trend, not absolute. Results → bench/results/render.json.
 *
 * Also library thumbnails for 1,000 vector tiles (issue 13, thumbnail-bench.ts): core's
 * drawing against Chromium rasterizing the same SVGs. SANDTABLE_RENDER_BENCH=thumbnails runs
 * only that part (no renderer build).
 *
 * Needs Debian's `chromium` package (/usr/bin/chromium, or SANDTABLE_CHROMIUM).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { chromium } from 'playwright-core';
import { writeResult } from './harness.js';
import { runVectorBench } from './vector-map.js';
import type { GridSize } from '../core/grid/types.js';
import { thumbnailBench } from './thumbnail-bench.js';

/** What renderer/bench/bench.ts takes and returns (repeated here: that file is DOM code). */
interface BenchCase {
  name: string;
  size: GridSize;
}

interface BenchResult {
  name: string;
  tiles: number;
  buildMs: number;
  outlinesMs: number;
  drawCalls: number;
  editRepaintMs: number;
  panFrameMs: number;
  zoomedDrawCalls: number;
  symbolTiles: number;
  [more: string]: unknown;
}

const REPO = fileURLToPath(new URL('../', import.meta.url));
const CHROMIUM = process.env.SANDTABLE_CHROMIUM ?? '/usr/bin/chromium';

/** AL-FORM sizes near 10 k, 100 k and 1 M tiles (odd sides, SPEC §3). */
const CASES: BenchCase[] = [
  { name: 'flat 10k', size: { kind: 'hex-rectangle', width: 101, height: 99 } },
  { name: 'flat 100k', size: { kind: 'hex-rectangle', width: 317, height: 315 } },
  { name: 'flat 1M', size: { kind: 'hex-rectangle', width: 1001, height: 999 } },
  { name: 'globe 10k', size: { kind: 'icosahedron', side: 31 } },
  { name: 'globe 100k', size: { kind: 'icosahedron', side: 99 } },
  { name: 'globe 1M', size: { kind: 'icosahedron', side: 315 } },
];

const MIME: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

export default async function run(): Promise<string> {
  // Vector-tile maps: core builds their buffers in Node (the app's page has no vector tiles
  // of its own yet); frame time is not measured for them — triangles a frame stand in.
  const vector = runVectorBench();
  process.stdout.write(`  ${vector.name}: build ${vector.buildMs} ms at ${vector.detail} samples a cubic, ${vector.tessellated} tiles tessellated, ${vector.trianglesPerFrame} triangles a frame, ${vector.drawCalls} draw calls\n`);
  if (!existsSync(CHROMIUM)) throw new Error(`the render benchmark needs Chromium at ${CHROMIUM} (Debian package "chromium")`);
  if (process.env.SANDTABLE_RENDER_BENCH === 'thumbnails') {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    try {
      const thumbnails = await thumbnailBench(await browser.newPage());
      printThumbnails(thumbnails);
      return writeResult('render', { note: 'thumbnails only (SANDTABLE_RENDER_BENCH=thumbnails)', thumbnails });
    } finally {
      await browser.close();
    }
  }
  const out = mkdtempSync(join(tmpdir(), 'sandtable-render-bench-'));
  await build({
    configFile: join(REPO, 'renderer', 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: out, emptyOutDir: true, rollupOptions: { input: join(REPO, 'renderer', 'bench', 'index.html') } },
  });
  const page404 = (res: import('node:http').ServerResponse) => res.writeHead(404).end('not found');
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname));
    const file = join(out, path === sep || path === '/' ? 'bench/index.html' : path);
    if (!file.startsWith(out) || !existsSync(file)) page404(res);
    else res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--js-flags=--max-old-space-size=4096'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    page.setDefaultTimeout(600_000);
    await page.goto(`http://127.0.0.1:${port}/bench/index.html`);
    await page.waitForFunction('window.renderBenchReady === true');
    const gpu = (await page.evaluate('window.renderBenchGpu')) as string;
    const antialias = (await page.evaluate('window.renderBenchAntialias')) as boolean;
    const results: BenchResult[] = [];
    for (const c of CASES) {
      const r = (await page.evaluate(`window.runRenderBench(${JSON.stringify(c)})`)) as BenchResult;
      process.stdout.write(
        `  ${r.name}: ${r.tiles} tiles, build ${r.buildMs} ms, outlines ${r.outlinesMs} ms, ${r.drawCalls} draw calls (${r.zoomedDrawCalls} zoomed in), ${r.symbolTiles} tiles with symbols, edit repaint ${r.editRepaintMs} ms, pan frame ${r.panFrameMs} ms\n`,
      );
      results.push(r);
    }
    const thumbnails = await thumbnailBench(page);
    printThumbnails(thumbnails);
    const oneMillion = results.filter((r) => r.tiles >= 900_000);
    return writeResult('render', {
      renderer: gpu,
      antialias,
      viewport: '1280x800',
      note: 'Headless Chromium with SwiftShader (CPU WebGL): frame times are for trend, not absolute; the views turn multisampling off on software WebGL as the app does (it costs 10-20x there). buildMs = core/render buffers (A, B) + Three.js objects over them; outlinesMs = (C) + (D) for one mode; edit repaint = one tile changed, buffers updated in place, one frame. Plain maps draw terrain symbols (symbol atlas) inside the area draw call: symbolTiles counts the tiles that carry one.',
      targets: {
        'build 1M tiles < 1000 ms': oneMillion.every((r) => r.buildMs < 1000),
        // Zoomed in, big maps draw a few more: one per outline block on screen (zoomedDrawCalls).
        'draw calls ≤ 5 with the whole map in view': results.every((r) => r.drawCalls <= 5),
        'every plain 1M case draws terrain symbols': oneMillion.every((r) => r.symbolTiles > 0),
      },
      results,
      thumbnails,
      vector: {
        ...vector,
        note: 'A classic hex map, every cell a starter hex tile in a seeded random placement, built by core/render vector-map in Node: (A) + fills + strokes + point symbols = 4 draw calls. Frame time while panning is not measured (the bench page has no vector tiles): trianglesPerFrame stands in. buildMs = (A) + vector buffers at the default detail for this size (`detail` samples a cubic; smaller maps get more). Measured on a shared 2-core machine under heavy load (load average ~18): times are upper bounds.',
      },
    });
  } finally {
    await browser.close();
    server.close();
    rmSync(out, { recursive: true, force: true });
  }
}

function printThumbnails(t: Awaited<ReturnType<typeof thumbnailBench>>): void {
  process.stdout.write(`  thumbnails: ${t.tiles} tiles at ${t.size} px: core RGBA ${t.coreRgbaMs} ms, core SVG ${t.coreSvgMs} ms, Chromium rasterizing the SVGs ${t.chromiumSvgRasterMs} ms (${t.svgBytes} bytes of SVG a tile)\n`);
}
