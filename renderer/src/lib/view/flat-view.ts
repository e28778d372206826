/**
 * The flat map view (square, offset-square, both hex kinds): a Three.js orthographic camera
 * over the four merged elements of SPEC §5 (map-layers.ts) and the tool overlays. Drawing
 * happens on demand — after a change, never in a idle loop — so a still map costs nothing.
 *
 * Navigation: drag with the middle or right button, or with Space held, to pan; the wheel,
 * a two-finger pinch or +/− to zoom; F to fit. The primary button belongs to the current
 * tool (tool-input.ts). Hover picks the tile that is drawn under the pointer (core/render
 * pickDrawn: the area polygon, or a linear strip / an empty linear tile's narrow footprint).
 *
 * For tests and tooling the container carries `data-frame` (frames drawn so far) and
 * `data-view` (`scale,tx,ty`: screen = (tx + scale·x, ty − scale·y) in CSS pixels).
 *
 * Renderer layer: DOM + Three.js.
 */
import type { FlatViewBox } from './minimap.js';
import type { LabelFrame } from './label-frame.js';
import { Group, OrthographicCamera, Scene, WebGLRenderer } from 'three';
import { fadeTree } from './layer-fade.js';
import type { Workbench } from '../stores/workbench.js';
import type { LoadedMap } from '../map-model.js';
import { FlatCamera } from './flat-camera.js';
import { Overlays } from './overlays.js';
import { ToolInput, toolActions, type Picked } from './tool-input.js';
import { MapLayers } from './map-layers.js';
import type { ViewStats } from './view-stats.js';
import { ViewBase } from './view-base.js';
import { Pinch } from './pinch.js';
import { TileLabels } from './tile-labels.js';
import { themeColour } from '../theme.js';

export class FlatMapView extends ViewBase {
  private readonly camera = new OrthographicCamera(-1, 1, 1, -1, -10, 10);
  private readonly cam = new FlatCamera();
  private readonly layers: MapLayers;
  private readonly labels: TileLabels;
  private readonly numbers = new Group();
  private readonly pinch = new Pinch();
  private panning: { id: number; x: number; y: number } | null = null;
  private readonly scratch: [number, number] = [0, 0];

  constructor(container: HTMLElement, session: Workbench, loaded: LoadedMap, onStats: (s: ViewStats) => void) {
    super(container, session, loaded, onStats);
    this.layers = new MapLayers(loaded, session.project.catalogue!);
    this.layers.onChange = () => this.requestRender();
    this.scene.add(this.layers.root);
    this.overlays = new Overlays(loaded.map.grid, { globe: false, level: 0.05 }, (t) => this.layers.tilePolygon(t));
    this.scene.add(this.overlays.group);
    this.labels = new TileLabels(loaded);
    // The numbers layer: the group hides them whatever the labels decide is readable.
    this.numbers.add(this.labels.mesh);
    this.scene.add(this.numbers);
    this.tool = new ToolInput(toolActions(session), loaded, this);
    this.attach();
    this.resize();
    this.firstView();
  }

  /** Fits the map (which also sets the zoom limits), then goes back to where this map's view last looked. */
  private firstView(): void {
    this.cam.fit(this.layers.bounds());
    const kept = this.session.cameras.recall(this.loaded.id);
    if (kept?.kind === 'flat') this.cam.restore(kept.flat);
    this.requestRender();
  }

  protected override syncView(): void {
    this.labels.setNumbering(this.session.maps.numbering?.label ?? null);
    this.labels.setColours(themeColour('--text', '#1d2330'), themeColour('--panel', '#f8f9fb'));
    const numbers = this.session.layers.layers.numbers;
    this.numbers.visible = numbers.visible;
    fadeTree(this.numbers, numbers.opacity);
  }

  override dispose(): void {
    if (this.cam.width > 1) this.session.cameras.remember(this.loaded.id, { kind: 'flat', flat: this.cam.state() });
    super.dispose();
    this.labels.dispose();
  }

  protected override layersObject(): MapLayers {
    return this.layers;
  }

  fit(): void {
    this.cam.fit(this.layers.bounds());
    this.requestRender();
  }

  zoomBy(factor: number): void {
    this.cam.zoomAt(this.cam.width / 2, this.cam.height / 2, factor);
    this.requestRender();
  }

  /** The view box (the minimap's rectangle, lib/view/minimap.ts). */
  viewBox(): FlatViewBox {
    const { cx, cy, scale, width, height } = this.cam;
    return { cx, cy, scale, width, height };
  }

  /** What the label layer places labels through (lib/view/label-frame.ts). */
  labelFrame(): LabelFrame {
    return { kind: 'flat', box: this.viewBox() };
  }

  /** Centres the view on model point (x, y) at the same zoom (a click on the minimap). */
  centreOn(x: number, y: number): void {
    this.cam.cx = x;
    this.cam.cy = y;
    this.requestRender();
  }

  protected override onResize(width: number, height: number): void {
    const first = this.cam.width <= 1;
    this.cam.setViewport(width, height);
    this.layers.setResolution(width, height);
    this.labels.setResolution(width, height);
    if (first) this.firstView();
  }

  protected override draw(renderer: WebGLRenderer, scene: Scene): void {
    const [l, r, t, b] = this.cam.frustum();
    this.camera.left = l;
    this.camera.right = r;
    this.camera.top = t;
    this.camera.bottom = b;
    this.camera.updateProjectionMatrix();
    this.layers.setViewBox({ minX: l, maxX: r, minY: b, maxY: t });
    this.layers.setPixelsPerTile(this.cam.scale);
    this.labels.update(l, r, b, t, this.cam.scale);
    const contours = this.layers.contourLabels;
    contours?.update([l, r, b, t], this.cam.scale);
    renderer.render(scene, this.camera);
    this.container.dataset.labels = String(this.labels.shown);
    // Vector maps: the detail drawn ('coarse' zoomed out, 'fine' zoomed in), for tests.
    this.container.dataset.vector = this.layers.vectorLevel() ?? 'none';
    this.container.dataset.contourLabels = String(contours?.shown ?? 0);
    this.container.dataset.layers = `${this.layers.shownLayers()},numbers:${this.numbers.visible ? 1 : 0}`;
    const s = this.cam.scale;
    this.container.dataset.view = `${s},${this.cam.width / 2 - this.cam.cx * s},${this.cam.height / 2 + this.cam.cy * s}`;
  }

  protected override zoomLabel(): string {
    return `${this.cam.scale.toFixed(this.cam.scale < 10 ? 1 : 0)} px/tile`;
  }

  protected override pick(px: number, py: number): Picked {
    const p = this.cam.toModel(px, py, this.scratch);
    return { tile: this.layers.pickAt(p), point: [p[0], p[1]] };
  }

  /** Screen shape → model space (an orthographic view maps it affinely), then core's coverage rule on the tile centres. */
  override tilesInShape(points: readonly number[]): Int32Array {
    const grid = this.loaded.map.grid;
    const model = new Float64Array(points.length);
    // The tiles under the shape's corners seed the search, so only the tiles round the shape are visited.
    const seeds: number[] = [];
    for (let k = 0; k + 1 < points.length; k += 2) {
      const m = this.cam.toModel(points[k]!, points[k + 1]!, this.scratch);
      model[k] = m[0];
      model[k + 1] = m[1];
      if (k % 16 === 0) seeds.push(grid.pick([m[0], m[1]]));
    }
    return this.tilesCovered(
      model,
      (t) => {
        const c = grid.center(t);
        return [c[0]!, c[1]!];
      },
      seeds,
    );
  }

  // ── navigation ────────────────────────────────────────────────────────

  protected override navDown(e: PointerEvent): boolean {
    if (e.pointerType === 'touch') {
      if (!this.pinch.down(e)) return false;
      this.tool.cancel();
      return true;
    }
    if (this.isDragButton(e, this.spaceHeld)) {
      this.panning = this.startDrag(e);
      return true;
    }
    return false;
  }

  protected override navMove(e: PointerEvent): boolean {
    const step = this.pinch.move(e);
    if (step) {
      this.cam.panBy(step.dx, step.dy);
      if (step.zoom !== null) this.cam.zoomAt(step.x, step.y, step.zoom);
      this.requestRender();
      return true;
    }
    if (this.panning && this.panning.id === e.pointerId) {
      this.cam.panBy(e.offsetX - this.panning.x, e.offsetY - this.panning.y);
      this.panning.x = e.offsetX;
      this.panning.y = e.offsetY;
      this.requestRender();
      return true;
    }
    return false;
  }

  protected override navUp(e: PointerEvent): boolean {
    const wasPinch = this.pinch.up(e);
    if (this.panning && this.panning.id === e.pointerId) {
      this.panning = null;
      this.endDrag();
      return true;
    }
    return wasPinch;
  }

  protected override wheel(e: WheelEvent): void {
    const factor = Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015));
    this.cam.zoomAt(e.offsetX, e.offsetY, factor);
    this.requestRender();
  }
}
