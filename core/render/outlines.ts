/**
 * Elements (C) and (D) of SPEC §5 for one MOVEMENT-MODE, recomputed from the (A) and (B)
 * buffers when the mode changes (only playability and line style depend on the mode; the
 * polygons do not):
 * (C) every edge of every PLAYABLE area polygon, minus the parts covered by PLAYABLE linear
 *     polygons (patent [0039]: outlines only about tiles a unit can enter; a road that can be
 *     walked along hides the area edge under it, an unplayable river does not);
 * (D) every edge of every PLAYABLE linear polygon.
 * Each polygon is traced with its own terrain's style (the patent traces each polygon), so
 * the edge between two playable area tiles of different terrains is drawn once for each;
 * between two of the same terrain the two tracings would be the same line, and it is drawn
 * once. Degenerate edges of the fixed-size pieces are skipped.
 *
 * Coverage is geometric (clip.ts), found from the linear side: each playable linear polygon
 * is clipped against the area edges it can reach — the two along its own tile and the two
 * along each feature sharing one of its junctions — and the covered intervals are filed
 * under those edges; the pass over the area polygons then reads one slot per edge. Where a
 * strip always spans its whole spine (hex, globe, half edges) its own edges are covered
 * whole without clipping, and it reaches past a junction only along an empty neighbour's
 * spine when the junction's third tile is drawn (the mitre of a bend), so only that
 * neighbour is clipped. On the globe the clipping runs in the
 * gnomonic projection about the edge's midpoint, where the edge and the pieces' chords are
 * straight lines.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { FlatFrame } from './flat-frame.js';
import type { FlatLinearBuilder } from './linear-flat.js';
import { SQUARE_VERTEX_CLASS, classTables, flatLinearClass } from './flat-junctions.js';
import type { MeshBuffers } from './pieces.js';
import { PieceRole } from './pieces.js';
import type { OutlineStyles } from './outline-style.js';
import { clipSegment, winding } from './clip.js';
import { edgeDirection } from './area-mesh.js';
import { areaOutlines, barrierOutlines, EdgeCoverage, linearOutlines, type Outlines } from './edge-coverage.js';

export { globeAcross, globeOutlines } from './globe-outlines.js';
export type { Outlines } from './edge-coverage.js';


/** The area piece across each edge of each flat area polygon (mode-independent; callers cache it). */
export function flatAcross(frame: FlatFrame, area: MeshBuffers, alform: boolean): Int32Array {
  const k = area.verticesPerPiece;
  const out = new Int32Array(area.pieceCount * k).fill(-1);
  const { xs, ys, dx, dy } = frame;
  const step = alform ? 2 : 1;
  for (let p = 0; p < area.pieceCount; p++) {
    const tile = area.owner[p]!;
    if (tile < 0) continue;
    for (let e = 0; e < k; e++) {
      const d = edgeDirection(frame.family, e);
      const i = frame.indexAt(xs[tile]! + step * dx[d]!, ys[tile]! + step * dy[d]!);
      if (i >= 0) out[p * k + e] = area.firstPiece[i]!;
    }
  }
  return out;
}

/**
 * What one pass of `flatOutlines` reads, for a spatial block of a large map (outline-blocks.ts):
 * the area pieces whose (C) and barriers it writes, the linear pieces whose (D) it writes, the
 * linear pieces that may cover those area pieces' edges (the block's and its margin's), and a
 * coverage to reuse (cleared first).
 */
export interface FlatOutlinePieces {
  readonly area: ArrayLike<number>;
  readonly linear: ArrayLike<number>;
  readonly filing: ArrayLike<number>;
  readonly cov: EdgeCoverage;
}

/**
 * (C) and (D) on a flat map — of every piece, or of one block's `pieces`. `alform` = area
 * tiles sit at their own coordinates (else at doubled ones).
 */
export function flatOutlines(frame: FlatFrame, area: MeshBuffers, across: Int32Array, linear: MeshBuffers, builder: FlatLinearBuilder, alform: boolean, styles: OutlineStyles, pieces: FlatOutlinePieces | null = null): Outlines {
  const eps = frame.size * 1e-4;
  const family = frame.family;
  const cov = pieces ? pieces.cov : new EdgeCoverage(area.pieceCount * area.verticesPerPiece);
  cov.clear();
  const filer = new FlatFiler(frame, area, linear.verticesPerPiece, alform, styles.playable, eps, cov);
  const filing = pieces ? pieces.filing : null;
  const n = filing ? filing.length : linear.pieceCount;
  for (let i = 0; i < n; i++) fileLinearPiece(filer, linear, builder, filing ? filing[i]! : i);
  const square = family === 'square';
  return {
    area: areaOutlines(area, across, cov, styles, square, null, 1, eps, pieces?.area),
    linear: linearOutlines(linear, styles, eps, 1, pieces?.linear),
    barriers: barrierOutlines(area, across, linear, styles, square, null, 1, 1, eps, pieces ?? undefined),
  };
}

/** Files linear piece `p`, if playable, against the flat area edges it covers. */
function fileLinearPiece(filer: FlatFiler, linear: MeshBuffers, builder: FlatLinearBuilder, p: number): void {
  const owner = linear.owner[p]!;
  if (owner < 0 || linear.role[p] === PieceRole.SPUR || !filer.playable[linear.terrain[p]!]) return;
  const { cov, xy } = filer;
  const family = builder.frame.family;
  const tables = filer.tables;
  const src = builder.source;
  const lk = linear.verticesPerPiece;
  const lpos = linear.positions;
  const v = 3 * lk * p;
  for (let i = 0; i < lk; i++) {
    cov.px[i] = lpos[v + 3 * i]!;
    cov.py[i] = lpos[v + 3 * i + 1]!;
  }
  filer.sign = winding(cov.px, cov.py, lk);
  if (filer.sign === 0) return;
  src.coordsOf(owner, xy);
  const x = xy[0]!;
  const y = xy[1]!;
  const cls = flatLinearClass(family, x, y);
  const always = linear.role[p] === PieceRole.POLYGON && tables[cls]!.always;
  filer.fileAlong(x, y, always);
  if (family === 'hex') {
    // As on the globe: only the mitre of a bend reaches past a junction, along the empty arm.
    for (const end of tables[cls]!.ends) {
      const a = end.arms;
      const t1 = src.terrainAt(x + a[0]!, y + a[1]!);
      const t2 = src.terrainAt(x + a[2]!, y + a[3]!);
      if (t1 === 0 && t2 !== 0) filer.fileAlong(x + a[0]!, y + a[1]!, false);
      else if (t2 === 0 && t1 !== 0) filer.fileAlong(x + a[2]!, y + a[3]!, false);
    }
  } else builder.forEachJunctionPartner(x, y, cls, (ax, ay) => filer.fileAlong(ax, ay, false));
}

/** Files the linear piece held in `cov.px/py` (winding `sign`) against the flat area edges it reaches. */
class FlatFiler {
  /** Winding of the piece being filed. */
  sign = 0;
  readonly xy = new Int32Array(2);
  private readonly k: number;
  readonly tables: ReturnType<typeof classTables>;
  private readonly half: number;
  private readonly lpx: number;
  private readonly lpy: number;

  constructor(
    private readonly frame: FlatFrame,
    private readonly area: MeshBuffers,
    private readonly lk: number,
    alform: boolean,
    readonly playable: OutlineStyles['playable'],
    private readonly eps: number,
    readonly cov: EdgeCoverage,
  ) {
    this.k = area.verticesPerPiece;
    this.tables = classTables(frame.family);
    this.half = alform ? 1 : 2;
    const [pxx, pxy] = frame.periodX;
    const [pyx, pyy] = frame.periodY;
    this.lpx = pxx * pxx + pxy * pxy;
    this.lpy = pyx * pyx + pyy * pyy;
  }

  /** File the piece against the area edges along the feature at (x, y); `whole` = it covers them entirely. */
  fileAlong(x: number, y: number, whole: boolean): void {
    const { frame, area, cov, k } = this;
    const family = frame.family;
    const cls = flatLinearClass(family, x, y);
    if (cls < 0 || (family === 'square' && cls === SQUARE_VERTEX_CLASS)) return;
    const table = this.tables[cls]!;
    for (let s = 0; s < 2; s++) {
      const tile = frame.indexAt((x + table.areas[2 * s]!) / this.half, (y + table.areas[2 * s + 1]!) / this.half);
      if (tile < 0) continue;
      const ap = area.firstPiece[tile]!;
      if (ap < 0 || !this.playable[area.terrain[ap]!]) continue;
      const e = table.areaEdges[s]!;
      if (whole) {
        cov.add(k * ap + e, 0, 1);
        continue;
      }
      this.clipEdge(ap, e);
    }
  }

  /** Clip area piece ap's edge e against the piece and file the covered interval. */
  private clipEdge(ap: number, e: number): void {
    const { frame, cov, k } = this;
    const apos = this.area.positions;
    const va = 3 * (k * ap + (e === 0 ? k - 1 : e - 1));
    const vb = 3 * (k * ap + e);
    let x0 = apos[va]!;
    let y0 = apos[va + 1]!;
    let x1 = apos[vb]!;
    let y1 = apos[vb + 1]!;
    // Across a wrap seam the edge sits one period away from the piece: bring it next to it.
    const [pxx, pxy] = frame.periodX;
    const [pyx, pyy] = frame.periodY;
    const ddx = x0 - cov.px[0]!;
    const ddy = y0 - cov.py[0]!;
    let sx = 0;
    let sy = 0;
    if (this.lpx > 0) {
      const m = Math.round((ddx * pxx + ddy * pxy) / this.lpx);
      sx += m * pxx;
      sy += m * pxy;
    }
    if (this.lpy > 0) {
      const m = Math.round((ddx * pyx + ddy * pyy) / this.lpy);
      sx += m * pyx;
      sy += m * pyy;
    }
    x0 -= sx;
    y0 -= sy;
    x1 -= sx;
    y1 -= sy;
    if (clipSegment(x0, y0, x1, y1, cov.px, cov.py, this.lk, this.sign, this.eps, cov.t)) cov.add(k * ap + e, cov.t[0]!, cov.t[1]!);
  }
}
