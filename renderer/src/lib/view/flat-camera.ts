/**
 * The flat view's camera as plain numbers: a centre in model space and a scale in CSS
 * pixels per model unit (model space is y-up, the screen y-down; the flip happens here and
 * nowhere else). Pan, zoom about a point, fit a box. The Three.js orthographic camera is
 * set from these numbers, and the same numbers turn a pointer position into the model
 * point that the grid's analytic `pick` receives.
 *
 * Renderer layer; no DOM, no Three.js.
 */
import type { Box2 } from '../../../../core/render/drawn-tiles.js';
import type { ModelXY, ScreenPoint } from '../../../../core/grid/coordinates.js';
import { modelXY, screenPoint } from '../../../../core/grid/coordinates.js';

/** A model-space box to fit (core/render's `Box2`). */
export type Bounds = Box2;

export interface FlatCameraState {
  readonly cx: number;
  readonly cy: number;
  readonly scale: number;
}

export class FlatCamera {
  cx = 0;
  cy = 0;
  /** CSS pixels per model unit (one TILE-SPACING at the default layout). */
  scale = 20;
  width = 1;
  height = 1;
  minScale = 0.01;
  maxScale = 400;

  setViewport(width: number, height: number): void {
    this.width = Math.max(1, width);
    this.height = Math.max(1, height);
  }

  /** Pointer position (CSS px from the canvas's top-left) → model point. */
  toModel(px: number, py: number, out: ModelXY = modelXY(0, 0)): ModelXY {
    out[0] = this.cx + (px - this.width / 2) / this.scale;
    out[1] = this.cy - (py - this.height / 2) / this.scale;
    return out;
  }

  /** Model point → CSS pixels; tagged so it cannot go back into `grid.pick` unturned. */
  toScreen(x: number, y: number): ScreenPoint {
    return screenPoint((x - this.cx) * this.scale + this.width / 2, (this.cy - y) * this.scale + this.height / 2);
  }

  panBy(dxPx: number, dyPx: number): void {
    this.cx -= dxPx / this.scale;
    this.cy += dyPx / this.scale;
  }

  /** Zooms by `factor`, keeping the model point under (px, py) where it is. */
  zoomAt(px: number, py: number, factor: number): void {
    const [mx, my] = this.toModel(px, py);
    this.scale = Math.min(this.maxScale, Math.max(this.minScale, this.scale * factor));
    this.cx = mx - (px - this.width / 2) / this.scale;
    this.cy = my + (py - this.height / 2) / this.scale;
  }

  /** Shows all of `b` with `margin` CSS pixels around it, and sets sensible zoom limits for it. */
  fit(b: Bounds, margin = 24): void {
    const bw = Math.max(1e-6, b.maxX - b.minX);
    const bh = Math.max(1e-6, b.maxY - b.minY);
    this.scale = Math.min((this.width - 2 * margin) / bw, (this.height - 2 * margin) / bh);
    if (!(this.scale > 0)) this.scale = 1;
    this.cx = (b.minX + b.maxX) / 2;
    this.cy = (b.minY + b.maxY) / 2;
    // From a quarter of the whole map up to a few tiles across the window.
    this.minScale = Math.min(this.scale / 4, 1);
    this.maxScale = Math.max(this.scale * 4, Math.min(this.width, this.height) / 3);
  }

  /** The camera as plain numbers, to put back later (the camera kept per map). */
  state(): FlatCameraState {
    return { cx: this.cx, cy: this.cy, scale: this.scale };
  }

  /** Puts back a `state()`, within the zoom limits the last `fit` set. */
  restore(s: FlatCameraState): void {
    this.cx = s.cx;
    this.cy = s.cy;
    this.scale = Math.min(this.maxScale, Math.max(this.minScale, s.scale));
  }

  /** The visible model-space rectangle: left, right, top, bottom (for an orthographic camera). */
  frustum(): [number, number, number, number] {
    const hw = this.width / 2 / this.scale;
    const hh = this.height / 2 / this.scale;
    return [this.cx - hw, this.cx + hw, this.cy + hh, this.cy - hh];
  }
}
