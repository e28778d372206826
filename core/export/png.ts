/**
 * PNG of a map or a region, drawn by the software rasterizer (raster.ts) and encoded with
 * fast-png: the CLI and the app make the same file without a GPU. Size: `size` pixels on the
 * longest side of the map (default 2048), or `dpi` at the print scale `tileMm`. The legend,
 * when asked for, is a band below the map. Refused past EXPORT_LIMITS before allocating.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { labelStrokes } from './map-labels.js';
import { encode } from 'fast-png';
import type { TerrainMap } from '../map/terrain-map.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import { checkRasterSize } from '../util/limits.js';
import type { Painter } from './compose.js';
import { drawMap, viewOf } from './compose.js';
import { drawLegend, legendLayout } from './legend.js';
import type { ExportOptions } from './options.js';
import { checkExportOptions } from './options.js';
import { Raster, type Rgba } from '../render/software-raster.js';
import { buildExportScene, type ExportScene } from './scene.js';
import { textPolylines } from './stroke-font.js';
import { rgbaOf } from '../render/symbols.js';

const MM_PER_INCH = 25.4;

export interface PngResult {
  readonly bytes: Uint8Array;
  readonly width: number;
  readonly height: number;
  /** What was drawn (tests assert work counts). */
  readonly drawn: ReturnType<typeof drawMap> & { readonly polygons: number };
}

/** Pixels per scene unit for the options (size or dpi), checked against the limits. */
export function pngScale(scene: ExportScene, o: ReturnType<typeof checkExportOptions>): number {
  const w = scene.bounds.x1 - scene.bounds.x0;
  const h = scene.bounds.y1 - scene.bounds.y0;
  if (o.dpi !== undefined) return ((o.tileMm / MM_PER_INCH) * o.dpi) / scene.areaAcross;
  return (o.size ?? 2048) / Math.max(w, h);
}

export function renderPng(map: TerrainMap, catalogue: TerrainCatalogue, options: ExportOptions = {}, source = 'map'): PngResult {
  const o = checkExportOptions(options);
  const scene = buildExportScene(map, catalogue, { region: o.region });
  return scenePng(scene, o, source);
}

/** `over`: drawn over the map (not the legend) with the map's pixels per scene unit (the print preview's page cuts). */
export function scenePng(scene: ExportScene, o: ReturnType<typeof checkExportOptions>, source = 'map', over?: (painter: Painter, scale: number) => void): PngResult {
  const scale = pngScale(scene, o);
  const mapW = Math.max(1, Math.round((scene.bounds.x1 - scene.bounds.x0) * scale));
  const mapH = Math.max(1, Math.round((scene.bounds.y1 - scene.bounds.y0) * scale));
  checkRasterSize(mapW, mapH, source, 'the PNG export');
  const cap = Math.max(9, Math.min(28, Math.round(mapW / 90)));
  const legend = o.legend ? legendLayout(scene, mapW - 2 * cap, cap) : null;
  const height = mapH + (legend ? Math.ceil(legend.height + cap) : 0);
  checkRasterSize(mapW, height, source, 'the PNG export');
  const raster = new Raster(mapW, height);
  const painter = rasterPainter(raster);
  const drawn = drawMap(scene, viewOf(scene.bounds, scale), o, painter);
  over?.(painter, scale);
  if (legend) {
    raster.fillPolygon([[0, mapH, mapW, mapH, mapW, height, 0, height]], [255, 255, 255, 255], 'tile');
    painter.strokes('#2b2b2b', 1, [[0, mapH + 0.5, mapW, mapH + 0.5]]);
    drawLegend(scene, cap, mapH + cap * 0.5, mapW - 2 * cap, cap, painter, scene.areaAcross * scale);
  }
  // Opaque RGB at deflate level 1: measured on a 2048² map, level 4 or 6 saves 1–4 % of the
  // bytes for 1.3–2× the time, and the alpha channel only adds bytes (the picture is opaque).
  const bytes = encode({ width: mapW, height, data: dropAlpha(raster.rgba), depth: 8, channels: 3 }, { zlib: { level: 1 } });
  return { bytes, width: mapW, height, drawn: { ...drawn, polygons: raster.polygons } };
}

function dropAlpha(rgba: Uint8Array): Uint8Array {
  const n = rgba.length >> 2;
  const rgb = new Uint8Array(3 * n);
  for (let i = 0, o = 0; i < 4 * n; i += 4, o += 3) {
    rgb[o] = rgba[i]!;
    rgb[o + 1] = rgba[i + 1]!;
    rgb[o + 2] = rgba[i + 2]!;
  }
  return rgb;
}

/** The Painter of a Raster. */
export function rasterPainter(raster: Raster): Painter {
  return {
    tiles(_t, colour, each) {
      const c = rgbaOf(colour);
      each((ring) => raster.fillPolygon([ring], c, 'tile'));
    },
    fills(colour, rings) {
      const c = rgbaOf(colour);
      for (const r of rings) raster.fillPolygon([r], c, 'smooth');
    },
    strokes(colour, width, lines, dash) {
      const c = rgbaOf(colour);
      for (const l of lines) {
        if (dash) for (const piece of dashed(l, dash)) raster.stroke(piece, width, c);
        else raster.stroke(l, width, c);
      }
    },
    text(items, size, anchor) {
      for (const it of items) {
        const c: Rgba = rgbaOf(it.colour);
        for (const pl of textPolylines(it.text, it.x, it.y, size, anchor)) raster.stroke(pl, Math.max(1, size / 6.5), c);
      }
    },
    mapLabels(items) {
      for (const it of items) {
        const l = labelStrokes(it);
        const halo = rgbaOf(l.halo);
        const ink = rgbaOf(l.ink);
        for (const pl of l.lines) raster.stroke(pl, l.haloWidth, halo);
        for (const pl of l.lines) raster.stroke(pl, l.inkWidth, ink);
      }
    },
  };
}

/** Cuts a polyline into dashes of `on`, gaps of `off` (output units). */
export function dashed(xy: ArrayLike<number>, [on, off]: readonly [number, number]): number[][] {
  const out: number[][] = [];
  let cur: number[] | null = [xy[0]!, xy[1]!];
  let left = on;
  let drawing = true;
  for (let i = 2; i + 1 < xy.length; i += 2) {
    let ax = xy[i - 2]!;
    let ay = xy[i - 1]!;
    const bx = xy[i]!;
    const by = xy[i + 1]!;
    let len = Math.hypot(bx - ax, by - ay);
    while (len > left) {
      const t = left / len;
      ax += (bx - ax) * t;
      ay += (by - ay) * t;
      len -= left;
      if (drawing) {
        cur!.push(ax, ay);
        out.push(cur!);
        cur = null;
      } else cur = [ax, ay];
      drawing = !drawing;
      left = drawing ? on : off;
    }
    left -= len;
    if (drawing) cur!.push(bx, by);
  }
  if (drawing && cur && cur.length >= 4) out.push(cur);
  return out;
}
