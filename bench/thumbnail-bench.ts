/**
 * Library thumbnails for 1,000 vector tiles (issue 13, part of the render benchmark): the
 * starter tiles (resources/tiles/starter) cycled to 1,000 with distinct ids, drawn at 96 px
 * by core/vector/thumbnail.ts — as RGBA through core's software rasterizer (what the CLI and
 * tests see) and as the SVG the app's panel shows — against a peer: headless Chromium
 * rasterizing the same 1,000 SVGs (Image decode + drawImage + getImageData on a canvas), the
 * way the panel's <img> elements are drawn. Times are the best of three runs.
 */
import type { Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { timeOnce } from './harness.js';
import { thumbnailRgba, thumbnailScene, thumbnailStyle, thumbnailSvg } from '../core/export/thumbnail.js';
import { parseCatalogue } from '../core/terrain/catalogue.js';
import catalogueJson from '../resources/terrain/default.json' with { type: 'json' };
import { readVectorTiles } from '../node/formats/vector-files.js';
import type { VectorTile } from '../core/vector/types.js';

const STARTER = fileURLToPath(new URL('../resources/tiles/starter', import.meta.url));
export const THUMBNAIL_TILES = 1000;
const SIZE = 96;

export interface ThumbnailBench {
  tiles: number;
  size: number;
  /** core scene + software rasterizer → RGBA, all tiles. */
  coreRgbaMs: number;
  /** core scene → SVG text, all tiles. */
  coreSvgMs: number;
  /** Peer: Chromium rasterizing those SVGs to RGBA, all tiles. */
  chromiumSvgRasterMs: number;
  /** Mean SVG size (bytes) sent to the panel per tile. */
  svgBytes: number;
}

/** The few page globals the peer uses. */
interface PageGlobals {
  document: { createElement(tag: 'canvas'): { width: number; height: number; getContext(kind: '2d', o: object): PageContext | null } };
  Image: new (w: number, h: number) => { src: string; decode(): Promise<void> };
}
interface PageContext {
  clearRect(x: number, y: number, w: number, h: number): void;
  drawImage(img: unknown, x: number, y: number): void;
  getImageData(x: number, y: number, w: number, h: number): unknown;
}

export async function thumbnailBench(page: Page): Promise<ThumbnailBench> {
  const starter = readVectorTiles(STARTER).map((f) => f.tile);
  const tiles: VectorTile[] = Array.from({ length: THUMBNAIL_TILES }, (_, k) => ({ ...starter[k % starter.length]!, id: `t${k}` }));
  const style = thumbnailStyle(parseCatalogue(structuredClone(catalogueJson), 'default.json'));
  const rgba = timeOnce(() => tiles.map((t) => thumbnailRgba(thumbnailScene(t, style, SIZE)).rgba.length));
  const svg = timeOnce(() => tiles.map((t) => thumbnailSvg(thumbnailScene(t, style, SIZE))));
  const svgs = svg.result;
  const chromiumMs = (await page.evaluate(
    async ({ svgs, size }) => {
      // Runs in the page (DOM types are not in this Node project's lib).
      const { document, Image } = globalThis as unknown as PageGlobals;
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      let best = Infinity;
      for (let run = 0; run < 3; run++) {
        const t = performance.now();
        for (const s of svgs) {
          const img = new Image(size, size);
          img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(s)}`;
          await img.decode();
          ctx.clearRect(0, 0, size, size);
          ctx.drawImage(img, 0, 0);
          ctx.getImageData(0, 0, size, size);
        }
        best = Math.min(best, performance.now() - t);
      }
      return best;
    },
    { svgs, size: SIZE },
  )) as number;
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    tiles: THUMBNAIL_TILES,
    size: SIZE,
    coreRgbaMs: round(rgba.ms),
    coreSvgMs: round(svg.ms),
    chromiumSvgRasterMs: round(chromiumMs),
    svgBytes: Math.round(svgs.reduce((n, s) => n + s.length, 0) / svgs.length),
  };
}
