/**
 * The vector-map part of the render benchmark (issue 13, "a 100,000-instance vector map"):
 * a classic hex map of ~100 k cells, each holding a tile of the starter hex library
 * (resources/tiles/starter/hex) in a seeded random placement, built into core/render's
 * vector-map buffers in Node. Reports build time, the distinct tiles tessellated, triangles
 * and the draw calls the app needs for it. Random placements do not match across edges; the
 * work is the same as for an assembled map (each (tile, placement) tessellated once, every
 * instance copied), which at this size the solver would take minutes to produce.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { InstanceLayer } from '../core/assemble/instance-layer.js';
import { encodePlacement } from '../core/assemble/orientation-code.js';
import { TerrainMap } from '../core/map/terrain-map.js';
import { buildMapGeometry } from '../core/render/map-geometry.js';
import { buildVectorMap, defaultDetail } from '../core/render/vector-map.js';
import { placeContourLabels } from '../core/render/contour-labels.js';
import { parseCatalogue } from '../core/terrain/parse.js';
import { seededRandom } from '../core/util/random.js';
import { readTileSet } from '../cli/tile-set.js';

const REPO = fileURLToPath(new URL('../', import.meta.url));

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
  /** Contour height labels of every instance (core/render contour-labels.ts, laid out once per distinct tile), milliseconds; the view does it once, on first zooming in far enough to read them. */
  contourLabelsMs: number;
  contourLabels: number;
}

export function runVectorBench(width = 317, height = 315): VectorBenchResult {
  const catalogue = parseCatalogue(JSON.parse(readFileSync(`${REPO}resources/terrain/default.json`, 'utf8')), 'default');
  const set = readTileSet('bench', `${REPO}resources/tiles/starter/hex`, undefined);
  const tiles = set.tiles;
  const byId = new Map(tiles.map((t) => [t.id, t]));
  const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width, height }, palette: ['plains'] });
  map.layers.terrain.fill(1);
  const layer = new InstanceLayer(map.grid);
  const random = seededRandom(13);
  for (let c = 0; c < map.tileCount; c++) {
    const tile = tiles[Math.floor(random() * tiles.length)]!;
    layer.set(c, tile.id, encodePlacement({ orientation: { rotation: 60 * Math.floor(random() * 6), mirror: random() < 0.5 ? 'x' : 'none' } }));
  }
  map.setInstances(layer);
  const t = performance.now();
  const geo = buildMapGeometry(map, catalogue);
  const v = buildVectorMap(geo, (id) => byId.get(id) ?? null)!;
  const buildMs = performance.now() - t;
  const t1 = performance.now();
  const labels = placeContourLabels(geo, (id) => byId.get(id) ?? null)!;
  const contourLabelsMs = performance.now() - t1;
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
    contourLabelsMs: Math.round(contourLabelsMs),
    contourLabels: labels.count,
  };
}
