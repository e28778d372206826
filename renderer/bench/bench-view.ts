/**
 * What every case of the render benchmark page draws with: one WebGL renderer (antialiasing as
 * the app's views choose it), timed frames that end with a 1-pixel readPixels (so a time
 * includes the GPU's work — SwiftShader in the bench: a trend, not an absolute figure), and a
 * camera over a MapLayers the way the app's flat and globe views drive it: fit the whole map,
 * pan (flat) or turn (globe), zoom in to ~40 px a tile. bench.ts (plain maps) and
 * vector-cases.ts (maps of vector tiles) measure through it, so their figures compare.
 *
 * Renderer layer: DOM + Three.js; not part of the app bundle (the bench page's own entry).
 */
import { ColorManagement, LinearSRGBColorSpace, OrthographicCamera, PerspectiveCamera, Quaternion, WebGLRenderer, type Camera, type Scene } from 'three';
import type { Grid, GridSize } from '../../core/grid/types.js';
import { parseCatalogue } from '../../core/terrain/parse.js';
import catalogueJson from '../../resources/terrain/default.json';
import type { MapLayers } from '../src/lib/view/map-layers.js';
import { FlatCamera } from '../src/lib/view/flat-camera.js';
import { GlobeCamera, rotate } from '../src/lib/view/globe-camera.js';
import { glRenderer } from '../src/lib/view/gl-probe.js';

ColorManagement.enabled = false;

export const WIDTH = 1280;
export const HEIGHT = 800;
/** Pan or turn steps a mean frame time is taken over. */
export const PAN_FRAMES = 12;

/** The default catalogue every case draws with. */
export const benchCatalogue = parseCatalogue(catalogueJson, 'resources/terrain/default.json');

const host = document.getElementById('view')!;
export const renderer = new WebGLRenderer({ antialias: !glRenderer().software, powerPreference: 'high-performance' });
renderer.outputColorSpace = LinearSRGBColorSpace;
renderer.setPixelRatio(1);
renderer.setSize(WIDTH, HEIGHT, false);
host.appendChild(renderer.domElement);
const gl = renderer.getContext();
const pixel = new Uint8Array(4);

/** Renders and waits for the GPU (a 1-pixel read forces the frame to finish). */
export function frame(scene: Scene, camera: Camera): void {
  renderer.render(scene, camera);
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
}

/** The frame as a PNG data URL (drawn and read in one task, before the canvas is presented); not timed. */
export function snapshot(scene: Scene, camera: Camera): string {
  renderer.render(scene, camera);
  return renderer.domElement.toDataURL('image/png');
}

/** One timed frame: milliseconds, draw calls and triangles Three.js reports for it. */
export function timedFrame(scene: Scene, camera: Camera): { ms: number; calls: number; triangles: number } {
  renderer.info.reset();
  const t = performance.now();
  frame(scene, camera);
  return { ms: performance.now() - t, calls: renderer.info.render.calls, triangles: renderer.info.render.triangles };
}

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export function round(v: number): number {
  return Math.round(v * 10) / 10;
}

/** '317x315' for a rectangle, the side or diameter otherwise. */
export function sizeLabel(size: GridSize): string {
  return 'width' in size ? `${size.width}x${size.height}` : 'side' in size ? String(size.side) : String(size.diameter);
}

export function gpuName(): string {
  const debug = gl.getExtension('WEBGL_debug_renderer_info');
  return debug ? String(gl.getParameter(debug.UNMASKED_RENDERER_WEBGL)) : String(gl.getParameter(gl.RENDERER));
}

export const antialias = (): boolean => !glRenderer().software;

export interface BenchCamera {
  readonly camera: Camera;
  /** Step k of a pan (flat: a few pixels, alternating) or a turn (globe); the layers follow the zoom. */
  move(k: number): void;
  /** Zooms in to ~40 px a tile at the centre of the view. */
  zoomIn(): void;
}

/** A camera fitted to the whole map, as the app's view opens it. */
export function benchCamera(layers: MapLayers, grid: Grid): BenchCamera {
  layers.setResolution(WIDTH, HEIGHT);
  if (grid.modelDimensions !== 3) {
    const cam = new FlatCamera();
    cam.setViewport(WIDTH, HEIGHT);
    cam.fit(layers.bounds());
    const ortho = new OrthographicCamera(-1, 1, 1, -1, -10, 10);
    const apply = () => {
      const [l, r, top, b] = cam.frustum();
      Object.assign(ortho, { left: l, right: r, top, bottom: b });
      ortho.updateProjectionMatrix();
      // As flat-view.ts: the view box picks the vector map's blocks in view (the fine level).
      layers.setViewBox({ minX: l, maxX: r, minY: b, maxY: top });
      layers.setPixelsPerTile(cam.scale);
    };
    apply();
    return {
      camera: ortho,
      move: (k) => {
        cam.panBy(k % 2 ? 9 : -7, k % 3 ? 5 : -6);
        apply();
      },
      zoomIn: () => {
        cam.maxScale = 1000;
        cam.zoomAt(WIDTH / 2, HEIGHT / 2, 40 / cam.scale);
        apply();
      },
    };
  }
  const cam = new GlobeCamera();
  cam.setViewport(WIDTH, HEIGHT);
  cam.fit();
  const persp = new PerspectiveCamera(cam.fovDeg, WIDTH / HEIGHT, 0.01, 100);
  const q = new Quaternion();
  const spacing = grid.spacing();
  const apply = () => {
    persp.position.set(0, 0, cam.distance);
    persp.lookAt(0, 0, 0);
    persp.near = Math.max(0.001, (cam.distance - 1.05) * 0.5);
    persp.far = cam.distance + 2;
    persp.updateProjectionMatrix();
    q.set(cam.q[0], cam.q[1], cam.q[2], cam.q[3]);
    layers.root.quaternion.copy(q);
    // The eye first, as globe-view.ts: the level the zoom picks then builds only the side facing it.
    layers.setEye(rotate([-cam.q[0], -cam.q[1], -cam.q[2], cam.q[3]], 0, 0, cam.distance));
    layers.setPixelsPerTile((HEIGHT / (2 * (cam.distance - 1) * Math.tan((cam.fovDeg * Math.PI) / 360))) * spacing);
  };
  apply();
  return {
    camera: persp,
    move: () => {
      cam.rotateBy(8, 3);
      apply();
    },
    zoomIn: () => {
      // Eye distance at which one tile spans ~40 px at the front of the globe.
      const gap = (HEIGHT * spacing) / (2 * 40 * Math.tan((cam.fovDeg * Math.PI) / 360));
      cam.distance = Math.max(cam.minDistance, 1 + gap);
      apply();
    },
  };
}

/** Mean frame time (ms) over PAN_FRAMES steps of panning or turning, each step moved then drawn. */
export function panFrames(scene: Scene, view: BenchCamera): number {
  let total = 0;
  for (let k = 0; k < PAN_FRAMES; k++) {
    const t = performance.now();
    view.move(k);
    frame(scene, view.camera);
    total += performance.now() - t;
  }
  return total / PAN_FRAMES;
}
