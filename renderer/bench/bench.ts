/**
 * The render benchmark's page (bench/render.bench.ts builds it and drives it in headless
 * Chromium): the app's own MapLayers (core/render buffers → Three.js) on synthetic maps of
 * 10 k, 100 k and 1 M tiles, flat and globe. Measures buffer build time (core + the Three.js
 * adapter), the first frame, draw calls, the repaint after one tile edit (in-place update)
 * and the frame time while panning. Each timed frame ends with a 1-pixel readPixels, so the
 * time includes the GPU's work (SwiftShader here: a trend, not an absolute figure).
 *
 * Renderer layer: DOM + Three.js; not part of the app bundle (its own Vite entry).
 */
import { ColorManagement, LinearSRGBColorSpace, OrthographicCamera, PerspectiveCamera, Quaternion, Scene, WebGLRenderer, type Camera } from 'three';
import { TerrainMap } from '../../core/map/terrain-map.js';
import type { GridSize } from '../../core/grid/types.js';
import { parseCatalogue } from '../../core/terrain/parse.js';
import { tileClasses } from '../../core/alform/tile-classes.js';
import { seededRandom } from '../../core/util/random.js';
import catalogueJson from '../../resources/terrain/default.json';
import { MapLayers } from '../src/lib/view/map-layers.js';
import { FlatCamera } from '../src/lib/view/flat-camera.js';
import { GlobeCamera, rotate } from '../src/lib/view/globe-camera.js';
import type { LoadedMap } from '../src/lib/map-model.js';
import { glRenderer } from '../src/lib/view/gl-probe.js';

ColorManagement.enabled = false;

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
  /** Median over 10 single-tile edits: in-place buffer update + frame. */
  editRepaintMs: number;
  /** Outline recomputation after an edit (deferred after the repaint on large maps). */
  editOutlinesMs: number;
  /** Mean frame time over 12 frames of panning (flat) or turning (globe). */
  panFrameMs: number;
  /** Zoomed in to ~40 px a tile, where the outlines (C, D) and tile borders are drawn too. */
  zoomedDrawCalls: number;
  zoomedFrameMs: number;
  /** Area tiles drawn with a terrain symbol (atlas, in element (A)'s own draw call). */
  symbolTiles: number;
}

const catalogue = parseCatalogue(catalogueJson, 'resources/terrain/default.json');
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

const host = document.getElementById('view')!;
// Antialiasing as the app's views choose it (off on software WebGL, see gl-probe.ts).
const renderer = new WebGLRenderer({ antialias: !glRenderer().software, powerPreference: 'high-performance' });
renderer.outputColorSpace = LinearSRGBColorSpace;
renderer.setPixelRatio(1);
renderer.setSize(1280, 800, false);
host.appendChild(renderer.domElement);
const gl = renderer.getContext();
const pixel = new Uint8Array(4);

/** Renders and waits for the GPU (a 1-pixel read forces the frame to finish). */
function frame(scene: Scene, camera: Camera): void {
  renderer.render(scene, camera);
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function run(c: BenchCase): Promise<BenchResult> {
  let t = performance.now();
  const loaded = makeMap(c.size, 7);
  const mapMs = performance.now() - t;
  const scene = new Scene();
  t = performance.now();
  const layers = new MapLayers(loaded, catalogue);
  const buildMs = performance.now() - t;
  t = performance.now();
  layers.setMode('foot');
  const outlinesMs = performance.now() - t;
  layers.setResolution(1280, 800);
  scene.add(layers.root);
  const globe = loaded.map.grid.modelDimensions === 3;
  let camera: Camera;
  let move: (k: number) => void;
  let zoomIn: () => void;
  if (!globe) {
    const cam = new FlatCamera();
    cam.setViewport(1280, 800);
    cam.fit(layers.bounds());
    const ortho = new OrthographicCamera(-1, 1, 1, -1, -10, 10);
    const apply = () => {
      const [l, r, top, b] = cam.frustum();
      Object.assign(ortho, { left: l, right: r, top, bottom: b });
      ortho.updateProjectionMatrix();
      layers.setPixelsPerTile(cam.scale);
    };
    apply();
    camera = ortho;
    move = (k) => {
      cam.panBy(k % 2 ? 9 : -7, k % 3 ? 5 : -6);
      apply();
    };
    zoomIn = () => {
      cam.maxScale = 1000;
      cam.zoomAt(640, 400, 40 / cam.scale);
      apply();
    };
  } else {
    const cam = new GlobeCamera();
    cam.setViewport(1280, 800);
    cam.fit();
    const persp = new PerspectiveCamera(cam.fovDeg, 1280 / 800, 0.01, 100);
    const q = new Quaternion();
    const spacing = loaded.map.grid.spacing();
    const apply = () => {
      persp.position.set(0, 0, cam.distance);
      persp.lookAt(0, 0, 0);
      persp.near = Math.max(0.001, (cam.distance - 1.05) * 0.5);
      persp.far = cam.distance + 2;
      persp.updateProjectionMatrix();
      q.set(cam.q[0], cam.q[1], cam.q[2], cam.q[3]);
      layers.root.quaternion.copy(q);
      layers.setPixelsPerTile((800 / (2 * (cam.distance - 1) * Math.tan((cam.fovDeg * Math.PI) / 360))) * spacing);
      layers.setEye(rotate([-cam.q[0], -cam.q[1], -cam.q[2], cam.q[3]], 0, 0, cam.distance));
    };
    apply();
    camera = persp;
    move = () => {
      cam.rotateBy(8, 3);
      apply();
    };
    zoomIn = () => {
      // Eye distance at which one tile spans ~40 px at the front of the globe.
      const gap = (800 * spacing) / (2 * 40 * Math.tan((cam.fovDeg * Math.PI) / 360));
      cam.distance = Math.max(cam.minDistance, 1 + gap);
      apply();
    };
  }
  renderer.info.reset();
  t = performance.now();
  frame(scene, camera);
  const firstFrameMs = performance.now() - t;
  const drawCalls = renderer.info.render.calls;
  const triangles = renderer.info.render.triangles;
  frame(scene, camera); // warm

  // One-tile edits: area tiles and linear tiles alternately, as a designer paints.
  const terrain = loaded.map.layers.terrain;
  const classes = loaded.classes!;
  const random = seededRandom(11);
  const edits: number[] = [];
  const outlineTimes: number[] = [];
  const forest = loaded.map.terrainIndex('forest');
  const river = loaded.map.terrainIndex('river');
  for (let e = 0; e < 10; e++) {
    let tile = Math.floor(random() * loaded.map.tileCount);
    while ((classes[tile] === 0) !== (e % 2 === 0)) tile = (tile + 1) % loaded.map.tileCount;
    terrain[tile] = e % 2 === 0 ? forest : river;
    t = performance.now();
    layers.applyEdit({ tiles: Int32Array.of(tile), instanceTiles: new Int32Array(0), edgeSlots: new Int32Array(0), paletteChanged: false });
    frame(scene, camera);
    edits.push(performance.now() - t);
    t = performance.now();
    layers.setMode('wheeled');
    layers.setMode('foot');
    outlineTimes.push((performance.now() - t) / 2);
  }
  const pans: number[] = [];
  for (let k = 0; k < 12; k++) {
    t = performance.now();
    move(k);
    frame(scene, camera);
    pans.push(performance.now() - t);
  }
  zoomIn();
  frame(scene, camera);
  renderer.info.reset();
  t = performance.now();
  frame(scene, camera);
  const zoomedFrameMs = performance.now() - t;
  const zoomedDrawCalls = renderer.info.render.calls;
  const result: BenchResult = {
    name: c.name,
    kind: c.size.kind,
    size: 'width' in c.size ? `${c.size.width}x${c.size.height}` : 'side' in c.size ? String(c.size.side) : String(c.size.diameter),
    tiles: loaded.map.tileCount,
    mapMs: round(mapMs),
    buildMs: round(buildMs),
    outlinesMs: round(outlinesMs),
    firstFrameMs: round(firstFrameMs),
    drawCalls,
    triangles,
    editRepaintMs: round(median(edits)),
    editOutlinesMs: round(median(outlineTimes)),
    panFrameMs: round(pans.reduce((a, b) => a + b, 0) / pans.length),
    zoomedDrawCalls,
    zoomedFrameMs: round(zoomedFrameMs),
    symbolTiles: layers.symbolTiles(),
  };
  scene.remove(layers.root);
  layers.dispose();
  renderer.renderLists.dispose();
  return result;
}

function round(v: number): number {
  return Math.round(v * 10) / 10;
}

declare global {
  interface Window {
    runRenderBench(c: BenchCase): Promise<BenchResult>;
    renderBenchReady: boolean;
    renderBenchGpu: string;
    renderBenchAntialias: boolean;
  }
}

window.runRenderBench = run;
const debug = gl.getExtension('WEBGL_debug_renderer_info');
window.renderBenchGpu = debug ? String(gl.getParameter(debug.UNMASKED_RENDERER_WEBGL)) : String(gl.getParameter(gl.RENDERER));
window.renderBenchAntialias = !glRenderer().software;
window.renderBenchReady = true;
