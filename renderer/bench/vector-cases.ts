/// <reference types="vite/client" />
/**
 * The vector-tile cases of the render benchmark page (issue 13, "a 100,000-instance vector
 * map: build time, draw calls, frame time while panning"): maps whose every cell holds a
 * starter hex tile in a seeded random placement (vector-bench-map.ts, the same maps the Node
 * build in bench/vector-map.ts makes), drawn through the app's own MapLayers from
 * LoadedMap.vectorTiles, as the app draws a map of vector tiles. Measures the build (core +
 * Three.js objects), the first frame, draw calls and triangles with the whole map in view and
 * zoomed in to ~40 px a tile, the mean frame time while panning at both zooms, and the
 * repaint after a one-tile edit made the app's way (map-model's applyEdit on the map's
 * instance layer, then MapLayers.applyEdit).
 *
 * Renderer layer: DOM + Three.js; not part of the app bundle (the bench page's own entry).
 */
import { Scene } from 'three';
import type { GridSize } from '../../core/grid/types.js';
import { seededRandom } from '../../core/util/random.js';
import type { VectorTile } from '../../core/vector/types.js';
import { MapLayers } from '../src/lib/view/map-layers.js';
import { applyEdit, type LoadedMap } from '../src/lib/map-model.js';
import { benchCamera, benchCatalogue, frame, median, panFrames, renderer, round, sizeLabel, snapshot, timedFrame } from './bench-view.js';
import { VECTOR_BENCH_SEED, randomPlacement, tilesFromTexts, vectorBenchMap } from './vector-bench-map.js';

// The folder is VECTOR_BENCH_TILES (Vite needs the pattern literal); keys become repository paths as in Node.
const files = import.meta.glob<string>('../../resources/tiles/starter/hex/**/*.{svg,json}', { query: '?raw', import: 'default', eager: true });
const tiles: VectorTile[] = tilesFromTexts(Object.entries(files).map(([path, text]) => ({ name: path.replace(/^(\.\.\/)+/, ''), text })));

/** One-tile edits timed per case (the median is reported). */
const EDITS = 5;

export interface VectorCase {
  name: string;
  size: GridSize;
}

export interface VectorCaseResult {
  name: string;
  kind: string;
  size: string;
  instances: number;
  distinctTiles: number;
  /** Placing the instances (core, seeded) — not rendering work, reported for context. */
  mapMs: number;
  /** new MapLayers and the camera fitted to the map: core/render buffers (A, and the vector level that zoom draws) + Three.js objects. */
  buildMs: number;
  firstFrameMs: number;
  /** Whole map in view. */
  drawCalls: number;
  triangles: number;
  /** Mean frame time over 12 frames of panning (flat) or turning (globe), whole map in view. */
  panFrameMs: number;
  /** The vector map's level of detail drawn whole and zoomed in (core/render vectorLevel: coarse, fine). */
  level: string;
  zoomedLevel: string;
  /** Zoomed in to ~40 px a tile. */
  zoomedDrawCalls: number;
  zoomedTriangles: number;
  zoomedPanFrameMs: number;
  /** PNG data URLs of the whole map and of the zoomed-in view (the driver saves them to look at). */
  shots: { whole: string; zoomed: string };
  /** Median over one-tile edits (a different tile placed in one cell): instance layer + MapLayers.applyEdit + one frame, whole map in view. */
  editRepaintMs: number;
  /** The same edits without the frame: map-model applyEdit + MapLayers.applyEdit (buffers written in place). */
  editUpdateMs: number;
  /** Flat maps: the update of edits at the middle of the zoomed-in view (fine blocks in view rewritten); null on the globe. */
  zoomedEditUpdateMs: number | null;
}

type Built = ReturnType<typeof buildCase>;

/** The case's map placed (seeded) and drawn through MapLayers with the camera fitted, and the time each took. */
function buildCase(c: VectorCase) {
  let t = performance.now();
  const map = vectorBenchMap(c.size, tiles, VECTOR_BENCH_SEED);
  const mapMs = performance.now() - t;
  const vectorTiles = new Map(tiles.map((tile) => [tile.id, tile]));
  const loaded: LoadedMap = {
    id: 'bench',
    summary: { id: 'bench', name: c.name, kind: c.size.kind, size: sizeLabel(c.size), alform: false, tileCount: map.tileCount, updatedAt: '' },
    map,
    classes: null,
    vectorTiles,
  };
  t = performance.now();
  const layers = new MapLayers(loaded, benchCatalogue);
  // The camera fitted to the map picks the level drawn, which builds it (ground: nothing; coarse: the whole map).
  const view = benchCamera(layers, map.grid);
  const buildMs = performance.now() - t;
  // A map that fell back to plain fills would measure the wrong thing.
  if (!layers.drawnAsMap) throw new Error(`${c.name}: the map is not drawn from its vector tiles`);
  return { map, loaded, layers, view, mapMs, buildMs };
}

/** One tile placed anew on a cell, the app's way: the update (map-model + MapLayers) and the repaint (update + one frame), ms. */
function editTimer({ map, loaded, layers, view }: Built, scene: Scene, random: () => number) {
  return (cell: number): [number, number] => {
    const before = map.instances!.get(cell)!.tile;
    let next = randomPlacement(map, cell, tiles, random);
    while (next.tile.id === before) next = randomPlacement(map, cell, tiles, random);
    const t0 = performance.now();
    const applied = applyEdit(loaded, { changes: [], palette: [...map.palette], instances: [{ tile: cell, vectorTile: next.tile.id, placement: next.code }] });
    layers.applyEdit(applied);
    const update = performance.now() - t0;
    frame(scene, view.camera);
    return [update, performance.now() - t0];
  };
}

/** Flat maps: the median update of edits at the middle of the view, where the fine blocks in view are rewritten too; null on the globe. */
function middleEditUpdateMs({ map, layers }: Built, editOnce: (cell: number) => [number, number]): number | null {
  if (map.grid.modelDimensions === 3) return null;
  const b = layers.bounds();
  const middle = map.grid.pick([(b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2]);
  const updates: number[] = [];
  for (let e = 0; e < EDITS && middle >= 0; e++) updates.push(editOnce(middle)[0]);
  return updates.length ? round(median(updates)) : null;
}

export async function runVectorCase(c: VectorCase): Promise<VectorCaseResult> {
  const built = buildCase(c);
  const { map, layers, view } = built;
  const scene = new Scene();
  layers.setMode('foot');
  scene.add(layers.root);
  const first = timedFrame(scene, view.camera);
  frame(scene, view.camera); // warm
  const whole = snapshot(scene, view.camera);
  const level = layers.vectorLevel() ?? 'none';
  const panFrameMs = panFrames(scene, view);

  const random = seededRandom(11);
  const editOnce = editTimer(built, scene, random);
  const edits: number[] = [];
  const updates: number[] = [];
  for (let e = 0; e < EDITS; e++) {
    const [u, r] = editOnce(Math.floor(random() * map.tileCount));
    updates.push(u);
    edits.push(r);
  }

  view.zoomIn();
  frame(scene, view.camera);
  const zoomed = timedFrame(scene, view.camera);
  const zoomedShot = snapshot(scene, view.camera);
  const zoomedLevel = layers.vectorLevel() ?? 'none';
  const zoomedPanFrameMs = panFrames(scene, view);
  const zoomedEditUpdateMs = middleEditUpdateMs(built, editOnce);
  const result: VectorCaseResult = {
    name: c.name,
    kind: c.size.kind,
    size: sizeLabel(c.size),
    instances: map.instances!.placedCount(),
    distinctTiles: tiles.length,
    mapMs: round(built.mapMs),
    buildMs: round(built.buildMs),
    firstFrameMs: round(first.ms),
    drawCalls: first.calls,
    triangles: first.triangles,
    panFrameMs: round(panFrameMs),
    level,
    zoomedLevel,
    zoomedDrawCalls: zoomed.calls,
    zoomedTriangles: zoomed.triangles,
    zoomedPanFrameMs: round(zoomedPanFrameMs),
    editRepaintMs: round(median(edits)),
    editUpdateMs: round(median(updates)),
    zoomedEditUpdateMs,
    shots: { whole, zoomed: zoomedShot },
  };
  scene.remove(layers.root);
  layers.dispose();
  renderer.renderLists.dispose();
  return result;
}
