/**
 * Element (B) of SPEC §5 on an AL-FORM globe: the strips of linear-flat.ts built from the
 * globe's own points instead of angles, because globe hexagons are not regular. Every linear
 * tile S is a hexagon with its two area tiles at directions a and a+3 (its linear axis) and
 * four linear tiles T1…T4 at a+1, a+2, a+4, a+5. Its spine runs between two of its corners,
 * J1 (shared with T1, T2) and J2 (shared with T3, T4) — the same points the area polygons of
 * area-mesh.ts have as corners, so strips lie exactly on the area edges.
 *
 * The flat rules become affine combinations of neighbouring points (on a flat hex map these
 * give exactly the flat strips): at J1 with half-width h, the side towards T1 is
 *   J1 + 2h·(K − J1), K = S's corner between A1 and T1 (along the edge S|T1: the bisector
 *   when T1 is drawn, and the pointed end when S is alone), or
 *   J1 + 2h·(c(T1) − J1) when T1 is empty but T2 is drawn (the mitre runs along T1's spine);
 * likewise for the other three sides. Points are then put on the sphere of radius r_B.
 * Widths at a junction and area joins (spurs) follow linear-flat.ts.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GlobeFrame } from './globe-frame.js';
import { globeCorner } from './globe-frame.js';
import type { RenderPalette } from './palette.js';
import type { DirtyRange } from './pieces.js';
import { PieceMesh, PieceRole } from './pieces.js';
import { linearMesh } from './linear-flat.js';

const X_AXIS = 7;
const SPUR_TAN = Math.tan((25 * Math.PI) / 180);

export class GlobeLinearBuilder {
  readonly mesh: PieceMesh;
  /** Corners C(0…5) of the tile being built, xyz each. */
  private readonly corner = new Float64Array(18);
  private readonly out = new Float64Array(18);
  private readonly hEnd = new Float64Array(2);

  constructor(
    readonly frame: GlobeFrame,
    readonly classes: Uint8Array,
    readonly terrain: Uint8Array,
    /** Replaced when the map's palette grows (indices of existing entries never change). */
    public palette: RenderPalette,
    readonly radius: number,
    /** Linear tiles whose terrain a placed instance draws (instance-lines.ts): drawn as empty. */
    private readonly drawnElsewhere: ((s: number, t: number) => boolean) | null = null,
  ) {
    const n = frame.tileCount;
    let count = 0;
    for (let i = 0; i < n; i++) if (classes[i] !== 0 && this.shown(i) !== 0) count++;
    this.mesh = linearMesh(n, count, palette);
    for (let i = 0; i < n; i++) {
      if (classes[i] === 0 || this.shown(i) === 0) continue;
      this.write(i);
    }
    this.mesh.takeDirty();
  }

  /** Rebuilds the given tiles and every strip whose shape depends on them; returns the dirty vertex range. */
  update(tiles: ArrayLike<number>): DirtyRange {
    const nb = this.frame.neighbours;
    const touched = new Set<number>();
    for (let k = 0; k < tiles.length; k++) {
      const i = tiles[k]!;
      if (this.classes[i] === 0) {
        for (let d = 0; d < 6; d++) if (nb[6 * i + d]! >= 0) touched.add(nb[6 * i + d]!);
        continue;
      }
      touched.add(i);
      const a = this.classes[i]! - X_AXIS;
      for (const d of [a + 1, a + 2, a + 4, a + 5]) touched.add(nb[6 * i + (d % 6)]!);
    }
    for (const i of touched) {
      this.mesh.release(i);
      if (this.shown(i) !== 0) this.write(i);
    }
    return this.mesh.takeDirty();
  }

  /** The terrain (B) draws on tile i: a linear tile's own, 0 where an instance draws it. */
  private shown(i: number): number {
    const t = this.terrain[i]!;
    return t === 0 || this.classes[i] === 0 || !this.drawnElsewhere?.(i, t) ? t : 0;
  }

  private write(s: number): void {
    const { centers: c, neighbours: nb } = this.frame;
    const { halfWidth, connects, size: pn } = this.palette;
    const a = this.classes[s]! - X_AXIS;
    const t = this.shown(s);
    const row = 6 * s;
    const C = this.corner;
    for (let k = 0; k < 6; k++) globeCorner(c, s, nb[row + k]!, nb[row + ((k + 1) % 6)]!, C, 3 * k);
    const hs = halfWidth[t]!;
    const out = this.out;
    for (let e = 0; e < 2; e++) {
      // End e: junction corner j between arms p (on A1's side for e = 0) and q.
      const j = (a + 1 + 3 * e) % 6;
      const p = nb[row + j]!;
      const q = nb[row + ((j + 1) % 6)]!;
      const tp = this.shown(p);
      const tq = this.shown(q);
      let sum = hs;
      let cnt = 1;
      if (tp !== 0 && connects[t * pn + tp]) {
        sum += halfWidth[tp]!;
        cnt++;
      }
      if (tq !== 0 && connects[t * pn + tq]) {
        sum += halfWidth[tq]!;
        cnt++;
      }
      const f = (2 * sum) / cnt;
      this.hEnd[e] = sum / cnt;
      const jo = 3 * j;
      const o = 9 * e;
      // Side towards p: S's corner before j (between p's predecessor and p), or p's centre for a mitre.
      sideTowards(out, o, C, jo, tp === 0 && tq !== 0 ? c : C, tp === 0 && tq !== 0 ? 3 * p : 3 * ((j + 5) % 6), f);
      out[o + 3] = C[jo]!;
      out[o + 4] = C[jo + 1]!;
      out[o + 5] = C[jo + 2]!;
      sideTowards(out, o + 6, C, jo, tq === 0 && tp !== 0 ? c : C, tq === 0 && tp !== 0 ? 3 * q : 3 * ((j + 1) % 6), f);
    }
    this.emit(s, t, out, PieceRole.POLYGON);
    if (this.palette.anyJoins) this.spurs(s, a, t);
  }

  private spurs(s: number, a: number, t: number): void {
    const { centers: c, neighbours: nb } = this.frame;
    const { joins, size: pn, halfWidth } = this.palette;
    const hs = halfWidth[t]!;
    const hMid = (this.hEnd[0]! + this.hEnd[1]!) / 2;
    const out = this.out;
    const sx = c[3 * s]!;
    const sy = c[3 * s + 1]!;
    const sz = c[3 * s + 2]!;
    for (const d of [a, a + 3]) {
      const area = nb[6 * s + d]!;
      const ta = this.terrain[area]!;
      if (ta === 0 || !joins[t * pn + ta]) continue;
      const ux = c[3 * area]! - sx;
      const uy = c[3 * area + 1]! - sy;
      const uz = c[3 * area + 2]! - sz;
      const len = Math.sqrt(ux * ux + uy * uy + uz * uz);
      // Side vector: perpendicular to the spur and to the surface normal, length hs·len.
      let tx = sy * uz - sz * uy;
      let ty = sz * ux - sx * uz;
      let tz = sx * uy - sy * ux;
      const tl = (hs * len) / Math.sqrt(tx * tx + ty * ty + tz * tz);
      tx *= tl;
      ty *= tl;
      tz *= tl;
      const base = hMid;
      const far = Math.max(base, 1 - hs / SPUR_TAN);
      const put = (k: number, along: number, side: number) => {
        out[3 * k] = sx + along * ux + side * tx;
        out[3 * k + 1] = sy + along * uy + side * ty;
        out[3 * k + 2] = sz + along * uz + side * tz;
      };
      put(0, base, 1);
      put(1, far, 1);
      put(2, 1, 0);
      put(3, far, -1);
      put(4, base, -1);
      put(5, base, -1);
      // Clockwise seen from outside: (p1 − p0) × (p3 − p0) must point inwards.
      const ax = out[3]! - out[0]!;
      const ay = out[4]! - out[1]!;
      const az = out[5]! - out[2]!;
      const bx = out[9]! - out[0]!;
      const by = out[10]! - out[1]!;
      const bz = out[11]! - out[2]!;
      const dot = (ay * bz - az * by) * sx + (az * bx - ax * bz) * sy + (ax * by - ay * bx) * sz;
      if (dot > 0) {
        put(0, base, -1);
        put(1, far, -1);
        put(3, far, 1);
        put(4, base, 1);
        put(5, base, 1);
      }
      this.emit(s, t, out, PieceRole.SPUR);
    }
  }

  private emit(s: number, t: number, out: Float64Array, role: number): void {
    const mesh = this.mesh;
    const piece = mesh.allocate(s, t, role);
    const pos = mesh.positions;
    const r = this.radius;
    for (let k = 0, v = 18 * piece; k < 6; k++, v += 3) {
      const x = out[3 * k]!;
      const y = out[3 * k + 1]!;
      const z = out[3 * k + 2]!;
      const m = r / Math.sqrt(x * x + y * y + z * z);
      pos[v] = x * m;
      pos[v + 1] = y * m;
      pos[v + 2] = z * m;
    }
    mesh.fill(piece, this.palette.rgba, 4 * t);
  }
}

/** out[o…] = J + f·(P − J), J = C[jo…], P = src[po…]. */
function sideTowards(out: Float64Array, o: number, C: Float64Array, jo: number, src: Float64Array, po: number, f: number): void {
  out[o] = C[jo]! + f * (src[po]! - C[jo]!);
  out[o + 1] = C[jo + 1]! + f * (src[po + 1]! - C[jo + 1]!);
  out[o + 2] = C[jo + 2]! + f * (src[po + 2]! - C[jo + 2]!);
}
