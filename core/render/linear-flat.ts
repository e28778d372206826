/**
 * Element (B) of SPEC §5 on flat maps: one strip polygon per linear tile that carries
 * terrain, along its spine (flat-junctions.ts), `width` of the terrain's width class across,
 * joined to the features it meets so rivers and roads run on unbroken. Tiles without terrain
 * draw nothing: measured on a 1 M-tile hex map, drawing all 750 k linear tiles (what "every
 * linear tile, empty ones transparent" costs) takes ~0.4 s and ~110 MB of buffers, against
 * ~0.02 s and ~6 MB when 5 % of them are painted — and an empty tile has nothing to show.
 *
 * Rules at each end of a strip (junction J, arms = the other features ending at J):
 * 1. Square hub: if the VERTEX tile at J carries terrain it is drawn as a small square; an
 *    edge strip that connects to it ends flat on the square's side at the square's width,
 *    one that does not ends at its own cell (half way to J).
 * 2. Otherwise a strip reaches J when its kind always does (hex, half edge — their cell ends
 *    at J) or when it connects there (square edge, full edge). A strip that does not reach J
 *    ends with a flat cap half way to J.
 * 3. The strips reaching J share the plane round J by the bisectors of the angles between
 *    them (mitred joins: no gap, no overlap). A strip alone at J ends pointed (hex: along its
 *    cell's edges) or flat (half edge).
 * 4. Width at J: the mean of the widths of the strip and the strips it connects to there, so
 *    a wide river meeting a narrow stream tapers (the "wide-to-narrow transition" of SPEC §5);
 *    the strip's sides run straight between its two ends.
 * 5. Area joins (the road that is area terrain in one place): when the palette says a linear
 *    terrain joins an adjoining area tile's terrain, a SPUR runs from the strip's side to that
 *    area tile's centre, ending in a 50° point there so spurs from several sides meet without
 *    overlapping.
 * "Connects" is the palette's rule (palette.ts): the same or a compatible linear terrain.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { FlatFrame } from './flat-frame.js';
import type { ClassTable } from './flat-junctions.js';
import { COS_DEG, SIN_DEG, SQUARE_VERTEX_CLASS, classTables, flatLinearClass } from './flat-junctions.js';
import type { RenderPalette } from './palette.js';
import type { DirtyRange } from './pieces.js';
import { PieceMesh, PieceRole } from './pieces.js';

/** Where linear features live: AL-FORM linear tiles, or a classic map's edges seen in doubled coordinates. */
export interface FlatLinearSource {
  /** Unit-frame scale of the AL lattice: 1 on AL-FORM maps, ½ on classic maps. */
  readonly scale: number;
  readonly ownerCount: number;
  /** Palette index at AL coordinates (x, y): linear terrain on linear positions, area terrain on area ones; 0 for none / off the map. */
  terrainAt(x: number, y: number): number;
  /** Owner id of the linear feature at (x, y), −1 for none. */
  ownerAt(x: number, y: number): number;
  /** AL coordinates of an owner, written to out[0], out[1]. */
  coordsOf(owner: number, out: Int32Array): void;
  /** Every feature that carries terrain. */
  forEachFeature(visit: (x: number, y: number, owner: number, terrain: number) => void): void;
}

export const LINEAR_PIECE_VERTICES = 6;
/** Strips are fanned from the apex of their first end (pieces.ts explains why). */
export const LINEAR_FAN_ORIGIN = 1;
/**
 * The mesh of a linear builder, flat or globe: `count` linear pieces of `owners` tiles, with
 * an eighth more room for join pieces when the palette has joins.
 */
export function linearMesh(owners: number, count: number, palette: RenderPalette): PieceMesh {
  return new PieceMesh(LINEAR_PIECE_VERTICES, owners, count + (palette.anyJoins ? count >> 3 : 0), LINEAR_FAN_ORIGIN);
}

/** Half the point angle of a spur's tip. */
const SPUR_TIP = (25 * Math.PI) / 180;

export class FlatLinearBuilder {
  readonly mesh: PieceMesh;
  private readonly tables: readonly ClassTable[];
  private readonly pts = new Float64Array(12);
  private readonly hEnd = new Float64Array(2);
  private readonly tk = new Int32Array(4);
  private readonly xy = new Int32Array(2);

  constructor(
    readonly frame: FlatFrame,
    readonly source: FlatLinearSource,
    /** Replaced when the map's palette grows (indices of existing entries never change). */
    public palette: RenderPalette,
  ) {
    this.tables = classTables(frame.family);
    let count = 0;
    source.forEachFeature(() => count++);
    this.mesh = linearMesh(source.ownerCount, count, palette);
    source.forEachFeature((x, y, owner, t) => this.write(x, y, owner, t));
    this.mesh.takeDirty();
  }

  /**
   * Rebuilds the pieces of the given owners after their terrain changed, and of every feature
   * whose shape depends on them (those sharing a junction, and the strips beside a changed
   * area tile). Pass AL coordinates; returns the vertex range to re-upload (`mesh.grown`
   * says whether the arrays were reallocated).
   */
  update(coords: ArrayLike<number>): DirtyRange {
    const touched = new Set<number>();
    const visit = (x: number, y: number) => {
      const o = this.source.ownerAt(x, y);
      if (o >= 0) touched.add(o);
    };
    const family = this.frame.family;
    for (let i = 0; i + 1 < coords.length; i += 2) {
      const x = coords[i]!;
      const y = coords[i + 1]!;
      const cls = flatLinearClass(family, x, y);
      if (cls < 0) {
        // An area tile: the strips along its sides may gain or lose a spur.
        const { dx, dy } = this.frame;
        for (let d = 0; d < dx.length; d++) visit(x + dx[d]!, y + dy[d]!);
        continue;
      }
      visit(x, y);
      this.forEachJunctionPartner(x, y, cls, visit);
    }
    const xy = this.xy;
    for (const o of touched) {
      this.source.coordsOf(o, xy);
      this.mesh.release(o);
      const t = this.source.terrainAt(xy[0]!, xy[1]!);
      if (t !== 0) this.write(xy[0]!, xy[1]!, o, t);
    }
    return this.mesh.takeDirty();
  }

  /** Calls visit for the features sharing a junction with (x, y), hubs included. */
  forEachJunctionPartner(x: number, y: number, cls: number, visit: (x: number, y: number) => void): void {
    if (this.frame.family === 'square' && cls === SQUARE_VERTEX_CLASS) {
      visit(x, y + 1);
      visit(x + 1, y);
      visit(x, y - 1);
      visit(x - 1, y);
      return;
    }
    const table = this.tables[cls]!;
    for (const end of table.ends) {
      const arms = end.arms;
      for (let k = 0; k < arms.length; k += 2) visit(x + arms[k]!, y + arms[k + 1]!);
      if (end.hub) visit(x + end.hub[0], y + end.hub[1]);
    }
  }

  private write(x: number, y: number, owner: number, t: number): void {
    const family = this.frame.family;
    const cls = flatLinearClass(family, x, y);
    if (cls < 0) return;
    if (family === 'square' && cls === SQUARE_VERTEX_CLASS) {
      const h = this.palette.halfWidth[t]!;
      const p = this.pts;
      p.set([-h, h, h, h, h, -h, -h, -h, -h, -h, -h, -h]);
      this.emit(x, y, owner, t, p, PieceRole.HUB);
      return;
    }
    const table = this.tables[cls]!;
    this.strip(x, y, table, t);
    this.emit(x, y, owner, t, this.pts, PieceRole.POLYGON);
    if (this.palette.anyJoins) this.spurs(x, y, owner, table, t);
  }

  /** The six corners of a strip, clockwise, relative to its centre (unit frame of the AL lattice). */
  private strip(x: number, y: number, table: ClassTable, t: number): void {
    const { halfWidth, connects, size: n } = this.palette;
    const src = this.source;
    const pts = this.pts;
    const hs = halfWidth[t]!;
    const tk = this.tk;
    for (let e = 0; e < 2; e++) {
      const end = table.ends[e]!;
      const o = 6 * e;
      // Rule 1: a drawn hub.
      if (end.hub) {
        const th = src.terrainAt(x + end.hub[0], y + end.hub[1]);
        if (th !== 0) {
          if (connects[t * n + th]) {
            const hv = halfWidth[th]!;
            writeEnd(pts, o, end.jx + hv * COS_DEG[end.angle]!, end.jy + hv * SIN_DEG[end.angle]!, hv, 180, 180, end.angle);
            this.hEnd[e] = hv;
          } else this.cap(o, end, table.capDistance, hs, e);
          continue;
        }
      }
      const arms = end.arms;
      const m = arms.length >> 1;
      let reachSelf = table.always;
      for (let k = 0; k < m; k++) {
        tk[k] = src.terrainAt(x + arms[2 * k]!, y + arms[2 * k + 1]!);
        if (tk[k] !== 0 && connects[t * n + tk[k]!]) reachSelf = true;
      }
      if (!reachSelf) {
        this.cap(o, end, table.capDistance, hs, e);
        continue;
      }
      let sumH = hs;
      let cnt = 1;
      let gR = 360;
      let gL = 360;
      for (let k = 0; k < m; k++) {
        const a = tk[k]!;
        if (a === 0) continue;
        let reach = end.armAlways[k] === 1 || connects[a * n + t] === 1;
        for (let j = 0; j < m && !reach; j++) if (j !== k && tk[j] !== 0 && connects[a * n + tk[j]!]) reach = true;
        if (!reach) continue;
        if (connects[t * n + a]) {
          sumH += halfWidth[a]!;
          cnt++;
        }
        const cw = (end.angle - end.armAngle[k]! + 360) % 360;
        const ccw = (end.armAngle[k]! - end.angle + 360) % 360;
        if (cw < gR) gR = cw;
        if (ccw < gL) gL = ccw;
      }
      if (gR === 360) gR = gL = table.lone === 'pointed' ? 120 : 180;
      const h = sumH / cnt;
      writeEnd(pts, o, end.jx, end.jy, h, gR, gL, end.angle);
      this.hEnd[e] = h;
    }
  }

  private cap(o: number, end: { jx: number; jy: number; angle: number }, capDistance: number, hs: number, e: number): void {
    const f = capDistance / Math.sqrt(end.jx * end.jx + end.jy * end.jy);
    writeEnd(this.pts, o, end.jx * f, end.jy * f, hs, 180, 180, end.angle);
    this.hEnd[e] = hs;
  }

  private spurs(x: number, y: number, owner: number, table: ClassTable, t: number): void {
    const { joins, size: n } = this.palette;
    const frame = this.frame;
    const hs = this.palette.halfWidth[t]!;
    const hMid = (this.hEnd[0]! + this.hEnd[1]!) / 2;
    const p = this.pts;
    for (let i = 0; i < 2; i++) {
      const ax = table.areas[2 * i]!;
      const ay = table.areas[2 * i + 1]!;
      const ta = this.source.terrainAt(x + ax, y + ay);
      if (ta === 0 || !joins[t * n + ta]) continue;
      const cx = frame.ux(ax, ay);
      const cy = frame.uy(ax, ay);
      const len = Math.sqrt(cx * cx + cy * cy);
      const dx = cx / len;
      const dy = cy / len;
      const tx = -dy;
      const ty = dx;
      // Leave the strip where its side crosses the spur's axis; stop short of the tip's point.
      const base = hMid / Math.abs(dx * table.nx + dy * table.ny);
      const far = Math.max(base, len - hs / Math.tan(SPUR_TIP));
      // Clockwise: left base, left far, tip, right far, right base (right base repeated).
      p[0] = base * dx + hs * tx;
      p[1] = base * dy + hs * ty;
      p[2] = far * dx + hs * tx;
      p[3] = far * dy + hs * ty;
      p[4] = cx;
      p[5] = cy;
      p[6] = far * dx - hs * tx;
      p[7] = far * dy - hs * ty;
      p[8] = base * dx - hs * tx;
      p[9] = base * dy - hs * ty;
      p[10] = p[8]!;
      p[11] = p[9]!;
      this.emit(x, y, owner, t, p, PieceRole.SPUR);
    }
  }

  /** One piece: points relative to the feature's centre, AL unit frame. */
  private emit(x: number, y: number, owner: number, t: number, p: Float64Array, role: number): void {
    const frame = this.frame;
    const s = this.source.scale;
    const cx = frame.ux(x, y);
    const cy = frame.uy(x, y);
    const mesh = this.mesh;
    const piece = mesh.allocate(owner, t, role);
    const pos = mesh.positions;
    for (let j = 0; j < 6; j++) frame.put(pos, 3 * (6 * piece + j), (cx + p[2 * j]!) * s, (cy + p[2 * j + 1]!) * s);
    mesh.fill(piece, this.palette.rgba, 4 * t);
  }
}

/**
 * One end's three points at o…o+5: right side, apex, left side (clockwise). The apex is
 * (ax, ay); direction `angle` points from it back to the centre; the sides lie on the
 * bisectors of the gaps gR (clockwise) and gL (counter-clockwise) to the next arms, at
 * half-width h from the spine (a gap of 180° gives a square end).
 */
function writeEnd(p: Float64Array, o: number, ax: number, ay: number, h: number, gR: number, gL: number, angle: number): void {
  const dR = (((angle - gR / 2) % 360) + 360) % 360;
  const dL = (angle + gL / 2) % 360;
  const fR = h / SIN_DEG[gR / 2]!;
  const fL = h / SIN_DEG[gL / 2]!;
  p[o] = ax + fR * COS_DEG[dR]!;
  p[o + 1] = ay + fR * SIN_DEG[dR]!;
  p[o + 2] = ax;
  p[o + 3] = ay;
  p[o + 4] = ax + fL * COS_DEG[dL]!;
  p[o + 5] = ay + fL * SIN_DEG[dL]!;
}
