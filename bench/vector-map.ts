/**
 * The vector-map part of the render benchmark built in Node (issue 13, "a 100,000-instance
 * vector map"): the map renderer/bench/vector-bench-map.ts makes (a classic hex map of ~100 k
 * cells, each holding a starter hex tile in a seeded random placement — the same map the
 * bench page draws), built into core/render's vector-map buffers without a browser. Reports
 * build time, the distinct tiles tessellated, triangles and the draw calls the app needs.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMapGeometry } from '../core/render/map-geometry.js';
import { buildVectorMap, defaultDetail } from '../core/render/vector-map.js';
import { parseCatalogue } from '../core/terrain/parse.js';
import { listVectorTileFiles } from '../node/formats/vector-files.js';
import { VECTOR_BENCH_SEED, VECTOR_BENCH_TILES, tilesFromTexts, vectorBenchMap, type TileText } from '../renderer/bench/vector-bench-map.js';

const REPO = fileURLToPath(new URL('../', import.meta.url));

/** The starter hex tiles as file texts, named relative to the repository as the page names them. */
export function starterHexTexts(): TileText[] {
  return listVectorTileFiles(`${REPO}${VECTOR_BENCH_TILES}`).map((p) => ({ name: relative(REPO, p).split('\\').join('/'), text: readFileSync(p, 'utf8') }));
}

export interface VectorBenchResult {
  name: string;
  instances: number;
  distinctTiles: number;
  tessellated: number;
  /** core/render: area geometry (A) + vector buffers, milliseconds. */
  buildMs: number;
  /** Samples per cubic segment it was built at (defaultDetail for the map's size). */
  detail: number;
  fillTriangles: number;
  strokeTriangles: number;
  pointSymbols: number;
  /** Triangles a frame draws with the whole map in view (A + fills + strokes + point quads). */
  trianglesPerFrame: number;
  /** (A) + fills + strokes + points; outlines and borders as on plain maps. */
  drawCalls: number;
}

export function runVectorBench(width = 317, height = 315): VectorBenchResult {
  const catalogue = parseCatalogue(JSON.parse(readFileSync(`${REPO}resources/terrain/default.json`, 'utf8')), 'default');
  const tiles = tilesFromTexts(starterHexTexts());
  const byId = new Map(tiles.map((t) => [t.id, t]));
  const map = vectorBenchMap({ kind: 'hex-rectangle', width, height }, tiles, VECTOR_BENCH_SEED);
  const t = performance.now();
  const geo = buildMapGeometry(map, catalogue);
  const v = buildVectorMap(geo, (id) => byId.get(id) ?? null)!;
  const buildMs = performance.now() - t;
  const areaTriangles = geo.area.pieceCount * (geo.area.indicesPerPiece / 3);
  return {
    name: `vector ${Math.round(map.tileCount / 1000)}k instances`,
    instances: v.stats.instances,
    distinctTiles: tiles.length,
    tessellated: v.stats.tessellated,
    buildMs: Math.round(buildMs),
    detail: defaultDetail(v.stats.instances),
    fillTriangles: v.stats.fillTriangles,
    strokeTriangles: v.stats.strokeTriangles,
    pointSymbols: v.stats.points,
    trianglesPerFrame: areaTriangles + v.stats.fillTriangles + v.stats.strokeTriangles + 2 * v.stats.points,
    drawCalls: 4,
  };
}
