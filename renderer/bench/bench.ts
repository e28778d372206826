/**
 * The render benchmark's page (bench/render.bench.ts builds it and drives it in headless
 * Chromium): the app's own MapLayers (core/render buffers → Three.js) on synthetic maps of
 * 10 k, 100 k and 1 M tiles, flat and globe. Measures buffer build time (core + the Three.js
 * adapter), the first frame, draw calls, the repaint after one tile edit (in-place update)
 * and the frame time while panning. Each timed frame ends with a 1-pixel readPixels, so the
 * time includes the GPU's work (SwiftShader here: a trend, not an absolute figure); the
 * renderer, frames and camera are bench-view.ts's. The maps of vector tiles are
 * vector-cases.ts's (window.runVectorBench).
 *
 * Renderer layer: DOM + Three.js; not part of the app bundle (its own Vite entry).
 */
import { Scene } from 'three';
import { TerrainMap } from '../../core/map/terrain-map.js';
import type { GridSize } from '../../core/grid/types.js';
import { tileClasses } from '../../core/alform/tile-classes.js';
import { seededRandom } from '../../core/util/random.js';
import { MapLayers } from '../src/lib/view/map-layers.js';
import type { LoadedMap } from '../src/lib/map-model.js';
import { antialias, benchCamera, benchCatalogue, frame, gpuName, median, panFrames, renderer, round, sizeLabel, timedFrame } from './bench-view.js';
import { runVectorCase, type VectorCase, type VectorCaseResult } from './vector-cases.js';

export interface BenchCase {
  name: string;
  size: GridSize;
}

export interface BenchResult {
  name: string;
  kind: string;
  size: string;
  tiles: number;
  /** Building the map itself (terrain layers, tile classes) — not rendering work, reported for context. */
  mapMs: number;
  /** core/render buffers (A, B) + Three.js objects over them. */
  buildMs: number;
  /** (C) + (D) for one movement mode. */
  outlinesMs: number;
  firstFrameMs: number;
  drawCalls: number;
  triangles: number;
  /** Median over 10 single-tile edits: in-place buffer update (outline blocks included) + frame. */
  editRepaintMs: number;
  /** The same edits without the frame: the CPU side (core + Three.js objects), held to 16 ms. */
  editUpdateMs: number;
  /** Outline blocks the median edit worked out again (all of them on maps drawn in one block). */
  editOutlineBlocks: number;
  /** The outlines worked out whole (a movement-mode switch). */
  editOutlinesMs: number;
  /** Mean frame time over 12 frames of panning (flat) or turning (globe). */
  panFrameMs: number;
  /** Zoomed in to ~40 px a tile, where the outlines (C, D) and tile borders are drawn too. */
  zoomedDrawCalls: number;
  zoomedFrameMs: number;
  /** Area tiles drawn with a terrain symbol (atlas, in element (A)'s own draw call). */
  symbolTiles: number;
}

// Seven of the eight draw a terrain symbol (clear draws none).
const AREAS = ['clear', 'forest', 'hills', 'plains', 'marsh', 'ocean', 'fields', 'rough'];
const LINEARS = ['river', 'road', 'wall', 'hedgerow'];

function makeMap(size: GridSize, seed: number): LoadedMap {
  const map = TerrainMap.create({ size, alform: true });
  const random = seededRandom(seed);
  const area = AREAS.map((id) => map.terrainIndex(id));
  const linear = LINEARS.map((id) => map.terrainIndex(id));
  const classes = tileClasses(map.grid);
  const terrain = map.layers.terrain;
  for (let i = 0; i < map.tileCount; i++) {
    if (classes[i] === 0) terrain[i] = area[Math.floor(random() * area.length)]!;
    else if (random() < 0.12) terrain[i] = linear[Math.floor(random() * linear.length)]!;
  }
  return { id: 'bench', summary: { id: 'bench', name: 'bench', kind: size.kind, size: '', alform: true, tileCount: map.tileCount, updatedAt: '' }, map, classes };
}

async function run(c: BenchCase): Promise<BenchResult> {
  let t = performance.now();
  const loaded = makeMap(c.size, 7);
  const mapMs = performance.now() - t;
  const scene = new Scene();
  t = performance.now();
  const layers = new MapLayers(loaded, benchCatalogue);
  const buildMs = performance.now() - t;
  t = performance.now();
  layers.setMode('foot');
  const outlinesMs = performance.now() - t;
  scene.add(layers.root);
  const view = benchCamera(layers, loaded.map.grid);
  const camera = view.camera;
  const first = timedFrame(scene, camera);
  frame(scene, camera); // warm

  // One-tile edits: area tiles and linear tiles alternately, as a designer paints.
  const terrain = loaded.map.layers.terrain;
  const classes = loaded.classes!;
  const random = seededRandom(11);
  const edits: number[] = [];
  const updates: number[] = [];
  const blocks: number[] = [];
  const outlineTimes: number[] = [];
  const forest = loaded.map.terrainIndex('forest');
  const river = loaded.map.terrainIndex('river');
  for (let e = 0; e < 10; e++) {
    let tile = Math.floor(random() * loaded.map.tileCount);
    while ((classes[tile] === 0) !== (e % 2 === 0)) tile = (tile + 1) % loaded.map.tileCount;
    terrain[tile] = e % 2 === 0 ? forest : river;
    t = performance.now();
    layers.applyEdit({ tiles: Int32Array.of(tile), instanceTiles: new Int32Array(0), edgeSlots: new Int32Array(0), networkTiles: new Int32Array(0), paletteChanged: false });
    updates.push(performance.now() - t);
    blocks.push(layers.outlineBlocksRebuilt);
    frame(scene, camera);
    edits.push(performance.now() - t);
    t = performance.now();
    layers.setMode('wheeled');
    layers.setMode('foot');
    outlineTimes.push((performance.now() - t) / 2);
  }
  const panFrameMs = panFrames(scene, view);
  view.zoomIn();
  frame(scene, camera);
  const zoomed = timedFrame(scene, camera);
  const result: BenchResult = {
    name: c.name,
    kind: c.size.kind,
    size: sizeLabel(c.size),
    tiles: loaded.map.tileCount,
    mapMs: round(mapMs),
    buildMs: round(buildMs),
    outlinesMs: round(outlinesMs),
    firstFrameMs: round(first.ms),
    drawCalls: first.calls,
    triangles: first.triangles,
    editRepaintMs: round(median(edits)),
    editUpdateMs: round(median(updates)),
    editOutlineBlocks: median(blocks),
    editOutlinesMs: round(median(outlineTimes)),
    panFrameMs: round(panFrameMs),
    zoomedDrawCalls: zoomed.calls,
    zoomedFrameMs: round(zoomed.ms),
    symbolTiles: layers.symbolTiles(),
  };
  scene.remove(layers.root);
  layers.dispose();
  renderer.renderLists.dispose();
  return result;
}

declare global {
  interface Window {
    runRenderBench(c: BenchCase): Promise<BenchResult>;
    runVectorBench(c: VectorCase): Promise<VectorCaseResult>;
    renderBenchReady: boolean;
    renderBenchGpu: string;
    renderBenchAntialias: boolean;
  }
}

window.runRenderBench = run;
window.runVectorBench = runVectorCase;
window.renderBenchGpu = gpuName();
window.renderBenchAntialias = antialias();
window.renderBenchReady = true;
