/**
 * Export benchmark (issue 17): time and file size of the picture and data exports made by
 * core/export — the same code the CLI and the app run — on a real-looking map
 * (core/export/export.testkit.ts: sea, coast, forest, hills, towns, a river and roads):
 * - a 100×100-hex map (AL-FORM, 39 601 tiles): PNG at 2048 px, SVG, PDF on A4 at 16 mm a
 *   hex, GeoJSON;
 * - a 60×40-hex map: PDF on A4 (the issue's print case);
 * - a 1 M-tile map (AL-FORM 1001×999): PNG at 4096 px (numbers and symbols drop out at that
 *   scale, as they would be noise), with the scene build (render geometry) timed apart;
 * - rasters: a terrain map rasterized to 4096² (the SPEC's target: under 2 s) and written as a
 *   16-bit heightmap; a globe of a million tiles as a .glb.
 * - tile sheets (issue 29): all tiles of an 1830-size manifest (300 track tiles) laid out
 *   on Letter die sheets with 3 mm bleed, to a PDF (target under 3 s).
 * Results → bench/results/export.json. CASES is a list: more formats add a line each.
 * SANDTABLE_EXPORT_BENCH=sheets runs only the tile sheets (seconds, where the 1 M-tile cases
 * take minutes and gigabytes); =maps everything else; unset, all.
 */
import { writeResult } from './harness.js';
import { sampleMap } from '../core/export/export.testkit.js';
import { renderPng } from '../core/export/png.js';
import { renderSvg } from '../core/export/svg.js';
import { renderPdf } from '../core/export/pdf.js';
import { renderGeoJson } from '../core/export/geojson.js';
import { buildExportScene } from '../core/export/scene.js';
import { rasterForExport, heightmapFiles, glbFiles } from '../core/export/raster-formats.js';
import { sampleTerrainMap } from '../core/raster/raster.testkit.js';
import { TerrainMap as Map_ } from '../core/map/terrain-map.js';
import { encodeUtf8 } from '../core/util/text.js';
import { parseCatalogue } from '../core/terrain/catalogue.js';
import { parseJsonText } from '../core/util/json-text.js';
import type { TerrainMap } from '../core/map/terrain-map.js';
import { composeSheets, manifestSheetTiles, sheetsPdf } from '../core/sheets/index.js';
import { SAMPLE_TRACK, largeManifest } from '../core/sheets/sheets.testkit.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const catalogue = parseCatalogue(parseJsonText(readFileSync(fileURLToPath(new URL('../resources/terrain/default.json', import.meta.url)), 'utf8'), 'default.json'), 'default.json');

interface Case {
  name: string;
  map: () => TerrainMap;
  run: (map: TerrainMap) => Promise<{ bytes: number; [more: string]: unknown }>;
  repeats?: number;
  /** Which SANDTABLE_EXPORT_BENCH selects it (maps unless said). */
  group?: 'maps' | 'sheets';
  /** The issue's target, ms: printed beside the figure and kept in the row. */
  targetMs?: number;
}

const MODES = ['all', 'maps', 'sheets'] as const;

const hex100 = () => sampleMap(100, 100);
/** A globe of about a million tiles (side 316: 998,562 tiles) with mixed ground. */
function globe1M(): TerrainMap {
  const g = Map_.create({ size: { kind: 'icosahedron', side: 316 }, meta: { name: 'globe' } });
  const ground = ['ocean', 'clear', 'forest', 'hills', 'mountains', 'desert', 'swamp'].filter((id) => catalogue.terrains.some((t) => t.id === id));
  for (let t = 0; t < g.grid.tileCount; t++) g.setTerrain(t, ground[(t * 2654435761) % 7 % ground.length]!);
  return g;
}

const CASES: Case[] = [
  { name: 'png 100x100 hex @2048px', map: hex100, run: async (m) => ((r) => ({ bytes: r.bytes.length, width: r.width, height: r.height, ...r.drawn }))(renderPng(m, catalogue, { size: 2048 })) },
  { name: 'svg 100x100 hex @16mm', map: hex100, run: async (m) => ({ bytes: encodeUtf8(renderSvg(m, catalogue).text).length }) },
  { name: 'pdf 100x100 hex A4 @16mm', map: hex100, run: async (m) => ((r) => ({ bytes: r.bytes.length, pages: r.pages }))(await renderPdf(m, catalogue, { paper: 'a4' })) },
  { name: 'geojson 100x100 hex', map: hex100, run: async (m) => ((fc) => ({ bytes: encodeUtf8(JSON.stringify(fc)).length, features: fc.features.length }))(renderGeoJson(m, catalogue)) },
  { name: 'pdf 60x40 hex A4 @16mm', map: () => sampleMap(60, 40), run: async (m) => ((r) => ({ bytes: r.bytes.length, pages: r.pages }))(await renderPdf(m, catalogue, { paper: 'a4' })) },
  { name: 'scene 1M tiles', map: () => sampleMap(501, 500), run: async (m) => ({ bytes: 0, areas: buildExportScene(m, catalogue).areas.count }), repeats: 1 },
  { name: 'rasterize 4096² (terrain map, elevation + cover + obstacles)', map: () => sampleTerrainMap(), run: async (m) => ((r) => ({ bytes: 0, width: r.width, height: r.height }))(rasterForExport(m, catalogue, { size: 4096 })), repeats: 1 },
  { name: 'heightmap 4096² 16-bit PNG (rasterize + encode)', map: () => sampleTerrainMap(), run: async (m) => ({ bytes: (heightmapFiles(m, catalogue, { size: 4096 })).bytes.length }), repeats: 1 },
  { name: 'glb globe 1M tiles', map: () => globe1M(), run: async (m) => ({ bytes: (await glbFiles(m, catalogue, {})).bytes.length }), repeats: 1 },
  { name: 'png 1M tiles @4096px', map: () => sampleMap(501, 500), run: async (m) => ((r) => ({ bytes: r.bytes.length, width: r.width, height: r.height, ...r.drawn }))(renderPng(m, catalogue, { size: 4096 })), repeats: 1 },
  {
    name: 'tile sheets: 300 track tiles (1830-size manifest), die layout, Letter, 3 mm bleed, to PDF',
    map: () => sampleMap(2, 2),
    group: 'sheets',
    targetMs: 3000,
    run: async () => ((set) => sheetsPdf(set).then((r) => ({ bytes: r.bytes.length, pages: r.pages, sheets: set.layout.pages.length, paths: r.paths })))(composeSheets(manifestSheetTiles(largeManifest(300), SAMPLE_TRACK, 0), { layout: 'die', paper: 'letter', bleedMm: 3 })),
  },
];

export default async function run(): Promise<string> {
  const results: Record<string, unknown>[] = [];
  const maps = new Map<unknown, TerrainMap>();
  const mode = process.env.SANDTABLE_EXPORT_BENCH ?? 'all';
  if (!(MODES as readonly string[]).includes(mode)) throw new Error(`SANDTABLE_EXPORT_BENCH is ${mode}; expected one of ${MODES.join(', ')} (or unset for all)`);
  for (const c of CASES.filter((k) => mode === 'all' || (k.group ?? 'maps') === mode)) {
    let map = maps.get(c.map);
    if (!map) maps.set(c.map, (map = c.map()));
    let best = Infinity;
    let last: Awaited<ReturnType<Case['run']>> = { bytes: 0 };
    for (let k = 0; k < (c.repeats ?? 2); k++) {
      const t = performance.now();
      last = await c.run(map);
      best = Math.min(best, performance.now() - t);
    }
    const row = { name: c.name, tiles: map.tileCount, ms: Math.round(best), ...(c.targetMs ? { targetMs: c.targetMs } : {}), ...last };
    const target = c.targetMs ? ` (target < ${c.targetMs} ms: ${best < c.targetMs ? 'met' : 'MISSED'})` : '';
    process.stdout.write(`  ${c.name}: ${row.ms} ms${target}, ${(last.bytes / 1024).toFixed(0)} KiB\n`);
    results.push(row);
  }
  return writeResult('export', {
    note: `Best of 2 (1 for the 1 M-tile cases). The machine may be shared: compare rows of one run, not runs.${mode === 'all' ? '' : ` Only ${mode} (SANDTABLE_EXPORT_BENCH=${mode}).`}`,
    results,
  });
}
