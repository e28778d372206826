/**
 * The vector-map part of the render benchmark built in Node (issue 13, "a 100,000-instance
 * vector map"): the map renderer/bench/vector-bench-map.ts makes (a classic hex map of ~100 k
 * cells, each holding a starter hex tile in a seeded random placement — the same map the
 * bench page draws), built into core/render's vector-map buffers as the app builds them
 * (core/render vector-block-map.ts): the whole map at the coarse level (what a zoomed-out view
 * draws), one block at the fine level (what a zoomed-in view builds per block it shows), a pan,
 * and a one-tile edit written in place (blocks rebuilt, vertices written). Random placements do
 * not match across edges; the work is the same as for an assembled map.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodePlacement } from '../core/map/orientation-code.js';
import { buildMapGeometry } from '../core/render/map-geometry.js';
import { buildVectorMap } from '../core/render/vector-map.js';
import { blocksInView, LEVEL_DETAIL } from '../core/render/vector-blocks.js';
import { VectorBlockMap } from '../core/render/vector-block-map.js';
import { placeContourLabels } from '../core/render/contour-labels.js';
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
  /** core/render: area geometry (A) + the whole map's vector buffers at the coarse level, milliseconds. */
  buildMs: number;
  /** Samples per cubic segment of the coarse level (zoomed out; the fine level has LEVEL_DETAIL.fine). */
  detail: number;
  /** Spatial blocks the map is split into, and cells in the largest. */
  blocks: number;
  blockCells: number;
  /** The coarse vector buffers alone (without (A)), milliseconds. */
  coarseMs: number;
  /** Peer in the same run: the same buffers as one unslotted block (buildVectorMap, as before blocks), milliseconds. */
  oneBlockMs: number;
  /** One block at the fine level (a zoomed-in view builds each block it shows once): ms, samples a cubic, stroke triangles. */
  fineBlock: { ms: number; detail: number; cells: number; strokeTriangles: number };
  /** A 1920×1080 view at 32 px a tile (the fine level's threshold), then panned 20 tiles: blocks in view, built, vertices written, ms. */
  pan: { blocksInView: number; built: number; verticesWritten: number; relaid: boolean; ms: number };
  /** One tile placed anew (another tile and placement) on the coarse map, written in place. */
  edit: { ms: number; blocks: number; builds: number; verticesWritten: number; verticesInBuffers: number; relaid: number; tessellated: number };
  fillTriangles: number;
  strokeTriangles: number;
  pointSymbols: number;
  /** Triangles a frame draws with the whole map in view (A + fills + strokes + point quads). */
  trianglesPerFrame: number;
  /** (A) + fills + strokes + points; outlines and borders as on plain maps. */
  drawCalls: number;
  /** Contour height labels of every instance (core/render contour-labels.ts, laid out once per distinct tile), milliseconds; the view does it once, on first zooming in far enough to read them. */
  contourLabelsMs: number;
  contourLabels: number;
}

export function runVectorBench(width = 317, height = 315): VectorBenchResult {
  const catalogue = parseCatalogue(JSON.parse(readFileSync(`${REPO}resources/terrain/default.json`, 'utf8')), 'default');
  const tiles = tilesFromTexts(starterHexTexts());
  const byId = new Map(tiles.map((t) => [t.id, t]));
  const map = vectorBenchMap({ kind: 'hex-rectangle', width, height }, tiles, VECTOR_BENCH_SEED);
  const layer = map.instances!;
  const t = performance.now();
  const geo = buildMapGeometry(map, catalogue);
  const tc = performance.now();
  const v = new VectorBlockMap(geo, (id) => byId.get(id) ?? null);
  const coarse = v.coarse();
  const end = performance.now();
  const blocks = v.blocks;
  let largest = 0;
  for (let b = 0; b < blocks.count; b++) largest = Math.max(largest, blocks.starts[b + 1]! - blocks.starts[b]!);
  // A fine block in the middle of the map.
  const middle = blocks.blockOf[map.grid.index([Math.floor(width / 2), Math.floor(height / 2)])]!;
  const tf = performance.now();
  const fine = v.fine([middle]);
  const fineMs = performance.now() - tf;
  // A full-HD view at the fine threshold, then panned by 20 tiles: blocks coming into view take the slots of those that left.
  const c = map.grid.center(map.grid.index([Math.floor(width / 2), Math.floor(height / 2)]));
  const s = geo.spacing;
  const box = (dx: number) => ({ minX: c[0]! - 30 * s + dx, maxX: c[0]! + 30 * s + dx, minY: c[1]! - 17 * s, maxY: c[1]! + 17 * s });
  const before = blocksInView(blocks, { box: box(0) });
  v.fine(before);
  const after = blocksInView(blocks, { box: box(20 * s) });
  const tp = performance.now();
  const panned = v.fine(after);
  const panMs = performance.now() - tp;
  const w = panned.write;
  const pan = {
    blocksInView: after.length,
    built: panned.built,
    verticesWritten: w ? w.fills.vertices + w.strokes.vertices + w.points.vertices : panned.slots.fills.vertexCount + panned.slots.strokes.vertexCount + panned.slots.points.vertexCount,
    relaid: !w || w.fills.relaid || w.strokes.relaid || w.points.relaid,
    ms: Math.round(panMs),
  };
  v.fine([middle]);
  // A one-tile edit in the middle, with that fine block in view: both levels written in place.
  const cell = blocks.cells[blocks.starts[middle]!]!;
  layer.set(cell, tiles[0]!.id, encodePlacement({ orientation: { rotation: 120, mirror: 'x' } }));
  const te = performance.now();
  const edit = v.edit([cell]);
  let editMs = performance.now() - te;
  // Again (the first edit also warms the JIT for this path): the fastest of five.
  for (let i = 1; i < 5; i++) {
    layer.set(cell, tiles[i]!.id, 0);
    const t2 = performance.now();
    v.edit([cell]);
    editMs = Math.min(editMs, performance.now() - t2);
  }
  const to = performance.now();
  buildVectorMap(geo, (id) => byId.get(id) ?? null, { detail: LEVEL_DETAIL.coarse });
  const oneBlockMs = performance.now() - to;
  const t1 = performance.now();
  const labels = placeContourLabels(geo, (id) => byId.get(id) ?? null)!;
  const contourLabelsMs = performance.now() - t1;
  const areaTriangles = geo.area.pieceCount * (geo.area.indicesPerPiece / 3);
  const fillTriangles = coarse.fills.triangles();
  const strokeTriangles = coarse.strokes.triangles();
  const points = coarse.points.triangles() / 2;
  return {
    name: `vector ${Math.round(map.tileCount / 1000)}k instances`,
    instances: layer.placedCount(),
    distinctTiles: tiles.length,
    tessellated: v.tessellated('coarse'),
    buildMs: Math.round(end - t),
    detail: LEVEL_DETAIL.coarse,
    blocks: blocks.count,
    blockCells: largest,
    coarseMs: Math.round(end - tc),
    oneBlockMs: Math.round(oneBlockMs),
    fineBlock: { ms: Math.round(fineMs), detail: LEVEL_DETAIL.fine, cells: blocks.starts[middle + 1]! - blocks.starts[middle]!, strokeTriangles: fine.slots.strokes.triangles() },
    pan,
    edit: {
      ms: +editMs.toFixed(1),
      blocks: edit.blocks,
      builds: edit.builds,
      verticesWritten: edit.vertices,
      verticesInBuffers: coarse.fills.vertexCount + coarse.strokes.vertexCount + coarse.points.vertexCount,
      relaid: edit.relaid,
      tessellated: edit.tessellated,
    },
    fillTriangles,
    strokeTriangles,
    pointSymbols: points,
    trianglesPerFrame: areaTriangles + fillTriangles + strokeTriangles + 2 * points,
    drawCalls: 4,
    contourLabelsMs: Math.round(contourLabelsMs),
    contourLabels: labels.count,
  };
}

// `node --import tsx bench/vector-map.ts`: this part alone (the render suite also needs Chromium).
if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${JSON.stringify(runVectorBench(), null, 2)}\n`);
