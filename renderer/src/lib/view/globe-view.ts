/**
 * The globe view (icosahedron maps): a perspective camera looking at the globe, the same
 * four SPEC §5 elements in layered radii (map-layers.ts), turned by dragging (trackball:
 * the globe follows the pointer), zoomed with the wheel (toward the pointer), a pinch or +/−.
 * The camera is kept per map (stores/cameras.ts).
 *
 * Picking is analytic (SPEC §12): the pointer's ray meets the sphere (globe-camera.ts), the
 * grid's `pick([x, y, z])` names the nearest tile and core/render pickDrawn turns it into the
 * tile drawn there (an AL-FORM area polygon, a linear strip) — no per-instance raycast. Dragging with the
 * primary button turns the globe when the tool is an analysis tool or when Space is held;
 * with an editing tool the primary button paints, and the middle or right button turns.
 *
 * For tests and tooling the container carries `data-frame` and `data-view`
 * (`distance,fov,qx,qy,qz,qw`, see globe-camera.ts).
 *
 * Renderer layer: DOM + Three.js.
 */
import { PerspectiveCamera, Quaternion, Scene, Vector3, WebGLRenderer } from 'three';
import type { Workbench } from '../stores/workbench.js';
import type { LoadedMap } from '../map-model.js';
import { GlobeCamera, rotate } from './globe-camera.js';
import { Overlays } from './overlays.js';
import { ToolInput, toolActions, type Picked } from './tool-input.js';
import { MapLayers } from './map-layers.js';
import type { ViewStats } from './view-stats.js';
import { ViewBase } from './view-base.js';
import { Pinch } from './pinch.js';
import type { LabelFrame } from './label-frame.js';

export class GlobeMapView extends ViewBase {
  private readonly camera = new PerspectiveCamera(40, 1, 0.01, 100);
  private readonly cam = new GlobeCamera();
  private readonly layers: MapLayers;
  private readonly quat = new Quaternion();
  private readonly pinch = new Pinch();
  private turning: { id: number; x: number; y: number; moved: number; click: boolean } | null = null;
  /** TILE-SPACING on the unit sphere (the grid's mean spacing). */
  private readonly spacing: number;

  constructor(container: HTMLElement, session: Workbench, loaded: LoadedMap, onStats: (s: ViewStats) => void) {
    super(container, session, loaded, onStats);
    this.layers = new MapLayers(loaded, session.project.catalogue!);
    this.layers.onChange = () => this.requestRender();
    this.scene.add(this.layers.root);
    this.overlays = new Overlays(loaded.map.grid, { globe: true, level: this.layers.overlayRadius() }, (t) => this.layers.tilePolygon(t));
    this.scene.add(this.overlays.group);
    this.tool = new ToolInput(toolActions(session), loaded, this);
    this.spacing = loaded.map.grid.spacing();
    // Start looking at a latitude between the pole pentagon and the equator, so both a
    // pentagon and plenty of hexagons are in view.
    this.cam.lookAt([0.55, 0.35, 0.76]);
    this.attach();
    this.resize();
  }

  protected override layersObject(): MapLayers {
    return this.layers;
  }

  fit(): void {
    this.cam.fit();
    this.requestRender();
  }

  zoomBy(factor: number): void {
    this.cam.zoomBy(factor);
    this.requestRender();
  }

  /** The model direction facing the viewer and the eye's distance in globe radii (the minimap's mark). */
  facing(): { centre: [number, number, number]; distance: number } {
    const q = this.cam.q;
    return { centre: rotate([-q[0], -q[1], -q[2], q[3]], 0, 0, 1), distance: this.cam.distance };
  }

  /** What the label layer places labels through: the camera as it last drew. */
  labelFrame(): LabelFrame {
    return { kind: 'globe', cam: this.cam.copy() };
  }

  /** Turns the globe so model direction `d` faces the viewer (a click on the minimap). */
  turnTo(d: readonly [number, number, number]): void {
    this.cam.lookAt(d);
    this.requestRender();
  }

  protected override onResize(width: number, height: number): void {
    const first = this.cam.width <= 1;
    this.cam.setViewport(width, height);
    this.layers.setResolution(width, height);
    if (first) {
      this.cam.fit();
      // Back to where this map's view last looked (the camera kept per map).
      const kept = this.session.cameras.recall(this.loaded.id);
      if (kept?.kind === 'globe') this.cam.restore(kept.globe);
    }
  }

  override dispose(): void {
    if (this.cam.width > 1) this.session.cameras.remember(this.loaded.id, { kind: 'globe', globe: this.cam.state() });
    super.dispose();
  }

  protected override draw(renderer: WebGLRenderer, scene: Scene): void {
    const c = this.cam;
    this.camera.fov = c.fovDeg;
    this.camera.aspect = c.width / c.height;
    this.camera.near = Math.max(0.001, (c.distance - 1.05) * 0.5);
    this.camera.far = c.distance + 2;
    this.camera.position.set(0, 0, c.distance);
    this.camera.lookAt(0, 0, 0);
    this.camera.updateProjectionMatrix();
    this.quat.set(c.q[0], c.q[1], c.q[2], c.q[3]);
    this.layers.root.quaternion.copy(this.quat);
    this.overlays.group.quaternion.copy(this.quat);
    // Pixels across one tile at the front of the globe.
    const pxPerUnit = c.height / (2 * (c.distance - 1) * Math.tan((c.fovDeg * Math.PI) / 360));
    // The eye in model space: the world eye (0, 0, d) turned back by the globe's rotation; given
    // before the zoom, so the vector level the zoom picks builds only the side facing it.
    this.layers.setEye(rotate([-c.q[0], -c.q[1], -c.q[2], c.q[3]], 0, 0, c.distance));
    this.layers.setPixelsPerTile(pxPerUnit * this.spacing);
    // Contour heights: all labels (the shader drops the far side), sized for the front of the globe.
    const contours = this.layers.contourLabels;
    contours?.update(null, pxPerUnit);
    renderer.render(scene, this.camera);
    // Vector maps: the detail drawn ('coarse' zoomed out, 'fine' zoomed in), for tests.
    this.container.dataset.vector = this.layers.vectorLevel() ?? 'none';
    this.container.dataset.contourLabels = String(contours?.shown ?? 0);
    this.container.dataset.layers = this.layers.shownLayers();
    this.container.dataset.view = [c.distance, c.fovDeg, ...c.q].map((v) => +v.toFixed(6)).join(',');
  }

  protected override pointed(p: Picked | null): void {
    this.session.maps.setGlobePoint(p && p.tile >= 0 ? p.point : null);
  }

  protected override zoomLabel(): string {
    return `${(3.2 / this.cam.distance).toFixed(2)}×`;
  }

  protected override pick(px: number, py: number): Picked {
    const p = this.cam.pickSphere(px, py);
    // What is drawn there (core/render pickDrawn): on an AL-FORM globe the lattice pick says
    // "linear tile" over most of each wide area polygon.
    return p ? { tile: this.layers.pickAt(p), point: p } : { tile: -1, point: [0, 0, 0] };
  }

  /**
   * Screen shape → tiles: each tile centre is turned with the globe and projected through the
   * camera; tiles beyond the horizon (seen from the eye at distance d, a unit-sphere point is
   * visible when its z exceeds 1/d) cannot be selected.
   */
  override tilesInShape(points: readonly number[]): Int32Array {
    const c = this.cam;
    this.draw(this.renderer, this.scene); // camera matrices as last shown
    const v = new Vector3();
    const horizon = 1 / c.distance;
    const grid = this.loaded.map.grid;
    const seeds: number[] = [];
    for (let k = 0; k + 1 < points.length; k += 16) {
      const p = c.pickSphere(points[k]!, points[k + 1]!);
      if (p) seeds.push(grid.pick(p));
    }
    return this.tilesCovered(
      points,
      (t) => {
        const p = grid.center(t);
        v.set(p[0]!, p[1]!, p[2]!).applyQuaternion(this.quat);
        if (v.z <= horizon) return null;
        v.project(this.camera);
        return [((v.x + 1) / 2) * c.width, ((1 - v.y) / 2) * c.height];
      },
      seeds,
    );
  }

  // ── navigation ────────────────────────────────────────────────────────

  private turnsWithPrimary(): boolean {
    const t = this.session.editing.tool;
    return this.spaceHeld || t === 'path' || t === 'reach' || t === 'los' || t === 'fov';
  }

  protected override navDown(e: PointerEvent): boolean {
    if (this.pinch.down(e)) {
      this.tool.cancel();
      this.turning = null;
      return true;
    }
    if (this.isDragButton(e, this.turnsWithPrimary())) {
      // A primary click that does not move is still the tool's click (analysis tools).
      this.turning = { ...this.startDrag(e), moved: 0, click: e.button === 0 && !this.spaceHeld };
      return true;
    }
    return false;
  }

  protected override navMove(e: PointerEvent): boolean {
    const step = this.pinch.move(e);
    if (step) {
      if (step.zoom !== null) this.cam.zoomBy(step.zoom);
      this.requestRender();
      return true;
    }
    const t = this.turning;
    if (t && t.id === e.pointerId) {
      const dx = e.offsetX - t.x;
      const dy = e.offsetY - t.y;
      t.moved += Math.abs(dx) + Math.abs(dy);
      t.x = e.offsetX;
      t.y = e.offsetY;
      this.cam.rotateBy(dx, dy);
      this.requestRender();
      return true;
    }
    return false;
  }

  protected override navUp(e: PointerEvent): boolean {
    const wasPinch = this.pinch.up(e);
    const t = this.turning;
    if (t && t.id === e.pointerId) {
      this.turning = null;
      this.endDrag();
      if (t.click && t.moved < 4) {
        const p = this.pick(e.offsetX, e.offsetY);
        this.tool.down(p);
      }
      return true;
    }
    return wasPinch;
  }

  protected override wheel(e: WheelEvent): void {
    // Toward the pointer, as on the flat map.
    this.cam.zoomAt(e.offsetX, e.offsetY, Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)));
    this.requestRender();
  }
}
