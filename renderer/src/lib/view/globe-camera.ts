/**
 * The globe view's camera as plain numbers: the globe's orientation (a unit quaternion,
 * turned by dragging like a trackball), the eye distance from the centre (zoom) and the
 * vertical field of view. Picking is analytic: the pointer's ray meets the sphere, the hit
 * point is turned back into model space, and the grid's `pick([x, y, z])` names the tile.
 *
 * Renderer layer; no DOM, no Three.js.
 */
import type { ModelPoint, ModelXYZ, ScreenPoint } from '../../../../core/grid/coordinates.js';
import { screenPoint } from '../../../../core/grid/coordinates.js';

export type Quat = [number, number, number, number];

export interface GlobeCameraState {
  readonly q: Quat;
  readonly distance: number;
}

export class GlobeCamera {
  /** Rotation model → world, [x, y, z, w]. */
  q: Quat = [0, 0, 0, 1];
  /** Eye distance from the globe's centre, in globe radii. */
  distance = 3.2;
  fovDeg = 40;
  width = 1;
  height = 1;
  readonly minDistance = 1.08;
  readonly maxDistance = 12;

  setViewport(width: number, height: number): void {
    this.width = Math.max(1, width);
    this.height = Math.max(1, height);
  }

  /**
   * Turns the globe by a pointer drag of (dx, dy) CSS pixels: about the screen axis
   * perpendicular to the drag, by an angle that keeps the point under the pointer roughly
   * under it whatever the zoom.
   */
  rotateBy(dxPx: number, dyPx: number): void {
    const len = Math.hypot(dxPx, dyPx);
    if (len === 0) return;
    // Angular size of one pixel at the globe's front surface.
    const visible = 2 * (this.distance - 1) * Math.tan((this.fovDeg * Math.PI) / 360);
    const angle = (len * visible) / this.height;
    // World axis: screen x → world x, screen y (down) → world −y; axis ⟂ drag in the view plane.
    const ax = dyPx / len;
    const ay = dxPx / len;
    this.q = quatMultiply(quatAxisAngle(ax, ay, 0, angle), this.q);
    normalize(this.q);
  }

  /** Orients the globe so the model-space direction `p` faces the viewer. */
  lookAt(p: ModelPoint): void {
    const [x, y, z] = unit(p);
    // Rotation taking p to +Z (towards the eye).
    const dot = z;
    if (dot > 0.999999) this.q = [0, 0, 0, 1];
    else if (dot < -0.999999) this.q = [0, 1, 0, 0];
    else {
      const axis = unit([y, -x, 0]);
      const angle = Math.acos(Math.max(-1, Math.min(1, dot)));
      this.q = quatAxisAngle(axis[0]!, axis[1]!, axis[2]!, angle);
    }
  }

  zoomBy(factor: number): void {
    // Zoom on the gap between the eye and the surface, so it slows down near the ground.
    const gap = (this.distance - 1) / factor;
    this.distance = Math.min(this.maxDistance, Math.max(this.minDistance, 1 + gap));
  }

  /**
   * Zooms by `factor` toward the pointer at (px, py): the globe point under it stays under
   * it (as the flat view's `zoomAt` keeps its model point). Zooming changes where the ray
   * through the pixel meets the sphere, so the globe is turned by the rotation taking the
   * point's new world position back under the pointer. Off the globe it zooms about the centre.
   */
  zoomAt(px: number, py: number, factor: number): void {
    const model = this.pickSphere(px, py);
    this.zoomBy(factor);
    if (!model) return;
    const before = rotate(this.q, model[0]!, model[1]!, model[2]!);
    const after = this.worldHit(px, py);
    if (!after) return; // zoomed out so far that the pixel is past the limb: keep the orientation
    const turn = quatBetween(before, after);
    this.q = quatMultiply(turn, this.q);
    normalize(this.q);
  }

  /** Where the pointer's ray meets the sphere of `radius`, in world space (the globe unturned), or null. */
  private worldHit(px: number, py: number, radius = 1): [number, number, number] | null {
    const t = Math.tan((this.fovDeg * Math.PI) / 360);
    const aspect = this.width / this.height;
    const nx = ((2 * px) / this.width - 1) * t * aspect;
    const ny = (1 - (2 * py) / this.height) * t;
    // Ray from the eye E = (0,0,d) along D = (nx, ny, −1).
    const d = this.distance;
    const dl = Math.hypot(nx, ny, 1);
    const dz = -1 / dl;
    const b = d * dz;
    const disc = b * b - (d * d - radius * radius);
    if (disc < 0) return null;
    const s = -b - Math.sqrt(disc);
    return [(nx / dl) * s, (ny / dl) * s, d + dz * s];
  }

  /** A copy as it stands (the label layer places labels through the frame last drawn). */
  copy(): GlobeCamera {
    const c = new GlobeCamera();
    c.q = [...this.q];
    c.distance = this.distance;
    c.fovDeg = this.fovDeg;
    c.setViewport(this.width, this.height);
    return c;
  }

  /** The camera as plain numbers, to put back later (the camera kept per map). */
  state(): GlobeCameraState {
    return { q: [...this.q], distance: this.distance };
  }

  restore(s: GlobeCameraState): void {
    this.q = [...s.q];
    normalize(this.q);
    this.distance = Math.min(this.maxDistance, Math.max(this.minDistance, s.distance));
  }

  /** Default view: the whole globe filling most of the window. */
  fit(): void {
    const halfFov = (this.fovDeg * Math.PI) / 360;
    const aspect = this.width / this.height;
    const halfMin = aspect >= 1 ? halfFov : Math.atan(Math.tan(halfFov) * aspect);
    this.distance = Math.min(this.maxDistance, 1.12 / Math.sin(halfMin));
  }

  /**
   * The model-space point of the unit sphere under the pointer, or null if the ray misses.
   * The eye sits at (0, 0, distance) looking down −Z; the globe is rotated by `q`.
   */
  pickSphere(px: number, py: number, radius = 1): ModelXYZ | null {
    const w = this.worldHit(px, py, radius);
    if (!w) return null;
    // World → model: rotate by the inverse (conjugate) quaternion. The plain tuple is a
    // model point as it stands (the model tag is optional), so no copy is made to tag it.
    return rotate([-this.q[0], -this.q[1], -this.q[2], this.q[3]], w[0] / radius, w[1] / radius, w[2] / radius);
  }

  /** Model point → CSS pixels, or null when it is on the far side of the globe. */
  toScreen(p: ModelPoint): ScreenPoint | null {
    const [wx, wy, wz] = rotate(this.q, p[0]!, p[1]!, p[2]!);
    // Visible iff the surface normal w faces the eye E = (0, 0, d): w · (E − w) > 0.
    if (wz * this.distance - (wx * wx + wy * wy + wz * wz) <= 0) return null;
    const t = Math.tan((this.fovDeg * Math.PI) / 360);
    const aspect = this.width / this.height;
    const depth = this.distance - wz;
    const nx = wx / depth / (t * aspect);
    const ny = wy / depth / t;
    return screenPoint(((nx + 1) / 2) * this.width, ((1 - ny) / 2) * this.height);
  }
}

export function quatAxisAngle(x: number, y: number, z: number, angle: number): Quat {
  const s = Math.sin(angle / 2);
  return [x * s, y * s, z * s, Math.cos(angle / 2)];
}

export function quatMultiply(a: Quat, b: Quat): Quat {
  const [ax, ay, az, aw] = a;
  const [bx, by, bz, bw] = b;
  return [aw * bx + ax * bw + ay * bz - az * by, aw * by - ax * bz + ay * bw + az * bx, aw * bz + ax * by - ay * bx + az * bw, aw * bw - ax * bx - ay * by - az * bz];
}

/** The shortest rotation taking unit vector `a` to unit vector `b`. */
export function quatBetween(a: readonly number[], b: readonly number[]): Quat {
  const [ax, ay, az] = unit(a);
  const [bx, by, bz] = unit(b);
  const dot = ax! * bx! + ay! * by! + az! * bz!;
  if (dot > 0.9999999) return [0, 0, 0, 1];
  const cx = ay! * bz! - az! * by!;
  const cy = az! * bx! - ax! * bz!;
  const cz = ax! * by! - ay! * bx!;
  const q: Quat = [cx, cy, cz, 1 + dot];
  normalize(q);
  return q;
}

function normalize(q: Quat): void {
  const l = Math.hypot(q[0], q[1], q[2], q[3]) || 1;
  q[0] /= l;
  q[1] /= l;
  q[2] /= l;
  q[3] /= l;
}

function unit(p: readonly number[]): number[] {
  const l = Math.hypot(p[0]!, p[1]!, p[2]!) || 1;
  return [p[0]! / l, p[1]! / l, p[2]! / l];
}

/** Rotates (x, y, z) by unit quaternion q. */
export function rotate(q: Quat, x: number, y: number, z: number): [number, number, number] {
  const [qx, qy, qz, qw] = q;
  const tx = 2 * (qy * z - qz * y);
  const ty = 2 * (qz * x - qx * z);
  const tz = 2 * (qx * y - qy * x);
  return [x + qw * tx + (qy * tz - qz * ty), y + qw * ty + (qz * tx - qx * tz), z + qw * tz + (qx * ty - qy * tx)];
}
