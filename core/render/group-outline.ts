/**
 * The outline of a group of tiles: the edges of their drawn polygons that are not shared
 * with another polygon of the group. Used for the ground selection and for the areas child
 * maps were derived from, so a group reads as one shape rather than a heap of hexagons.
 *
 * Polygons of adjoining tiles meet edge to edge on hex and square maps, but on offset-square
 * maps one brick's long side meets halves of two others, so every edge is first split at the
 * group's vertices lying on it; then each piece shared by two polygons cancels out. A spatial
 * hash of the vertices keeps this linear in the number of tiles. Works on 2-D (flat) and 3-D
 * (globe) points alike. A selection or a derived area is a few tiles to a few thousand, so
 * plain point arrays are fine here; the map's own outlines (C, D) are outlines.ts.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

/** One boundary piece: from, to (model points of 2 or 3 coordinates). */
export type Segment = [number[], number[]];

/** Vertices closer than this fraction of the typical edge length are the same vertex. */
const SAME = 1e-4;

export function boundarySegments(polygons: readonly (readonly (readonly number[])[])[]): Segment[] {
  // Typical edge length: scale for tolerances and the hash cell.
  const edge = typicalEdge(polygons);
  if (edge === null) return [];
  const index = new VertexIndex(edge * SAME, edge);
  const rings = polygons.map((poly) => poly.map((p) => index.vertex(p)));
  const pieces = countPieces(rings, index);
  const verts = index.verts;
  const out: Segment[] = [];
  for (const { a, b, n } of pieces.values()) if (n === 1) out.push([verts[a]!.slice(), verts[b]!.slice()]);
  return out;
}

/** The mean edge length of the polygons (1 if it is 0), or null when they have no edges. */
function typicalEdge(polygons: readonly (readonly (readonly number[])[])[]): number | null {
  let total = 0;
  let count = 0;
  for (const poly of polygons) {
    for (let k = 0; k < poly.length; k++) {
      total += dist(poly[k]!, poly[(k + 1) % poly.length]!);
      count++;
    }
  }
  if (count === 0) return null;
  return total / count || 1;
}

/** Unique vertices (merged within eps), and a hash from cell to the vertices in it. */
class VertexIndex {
  readonly verts: (readonly number[])[] = [];
  private readonly byKey = new Map<string, number>();
  private readonly buckets = new Map<string, number[]>();

  constructor(
    readonly eps: number,
    private readonly cell: number,
  ) {}

  /** The id of point p, merged with a vertex within eps. */
  vertex(p: readonly number[]): number {
    const key = p.map((v) => Math.round(v / this.eps)).join(',');
    let id = this.byKey.get(key);
    if (id === undefined) {
      id = this.findNear(p) ?? this.verts.length;
      if (id === this.verts.length) {
        this.verts.push(p);
        const ck = p.map((v) => Math.floor(v / this.cell)).join(',');
        const b = this.buckets.get(ck);
        if (b) b.push(id);
        else this.buckets.set(ck, [id]);
      }
      this.byKey.set(key, id);
    }
    return id;
  }

  /** Rounding can put two nearly equal points on either side of a key boundary: look around. */
  private findNear(p: readonly number[]): number | undefined {
    for (const id of this.around(p, 0)) if (dist(this.verts[id]!, p) <= this.eps) return id;
    return undefined;
  }

  /** The vertices in the hash cells within `reach` (+ eps) of p. */
  *around(p: readonly number[], reach: number): Generator<number> {
    const lo = p.map((v) => Math.floor((v - reach - this.eps) / this.cell));
    const hi = p.map((v) => Math.floor((v + reach + this.eps) / this.cell));
    yield* this.cells(lo, hi, 0, []);
  }

  private *cells(lo: number[], hi: number[], axis: number, at: number[]): Generator<number> {
    if (axis === lo.length) {
      const b = this.buckets.get(at.join(','));
      if (b) yield* b;
      return;
    }
    for (let c = lo[axis]!; c <= hi[axis]!; c++) {
      at[axis] = c;
      yield* this.cells(lo, hi, axis + 1, at);
    }
    at.length = axis;
  }
}

/** Splits every edge of the rings at the vertices lying on it, and counts each piece (keyed by its two ids). */
function countPieces(rings: readonly (readonly number[])[], index: VertexIndex): Map<string, { a: number; b: number; n: number }> {
  const { verts, eps } = index;
  const pieces = new Map<string, { a: number; b: number; n: number }>();
  for (const ring of rings) {
    for (let k = 0; k < ring.length; k++) {
      const a = ring[k]!;
      const b = ring[(k + 1) % ring.length]!;
      if (a === b) continue;
      const pa = verts[a]!;
      const pb = verts[b]!;
      const len = dist(pa, pb);
      const mid = pa.map((v, i) => (v + pb[i]!) / 2);
      const inner: { id: number; t: number }[] = [];
      for (const id of index.around(mid, len / 2)) {
        if (id === a || id === b) continue;
        const t = along(pa, pb, verts[id]!, eps);
        if (t !== null) inner.push({ id, t });
      }
      inner.sort((x, y) => x.t - y.t);
      let from = a;
      for (const { id } of [...inner, { id: b }]) {
        const key = from < id ? `${from}-${id}` : `${id}-${from}`;
        const piece = pieces.get(key);
        if (piece) piece.n++;
        else pieces.set(key, { a: from, b: id, n: 1 });
        from = id;
      }
    }
  }
  return pieces;
}

function dist(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    s += d * d;
  }
  return Math.sqrt(s);
}

/** Where p lies strictly between a and b on the segment (0 < t < 1), or null if it is off the segment. */
function along(a: readonly number[], b: readonly number[], p: readonly number[], eps: number): number | null {
  let ab2 = 0;
  let dot = 0;
  for (let i = 0; i < a.length; i++) {
    const ab = b[i]! - a[i]!;
    ab2 += ab * ab;
    dot += ab * (p[i]! - a[i]!);
  }
  if (ab2 === 0) return null;
  const t = dot / ab2;
  const len = Math.sqrt(ab2);
  if (t * len <= eps || (1 - t) * len <= eps) return null;
  let off = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! + t * (b[i]! - a[i]!) - p[i]!;
    off += d * d;
  }
  return Math.sqrt(off) <= eps ? t : null;
}

/**
 * Cuts segments into dashes `dash` long with gaps of `gap` (model units), for outlines drawn
 * dashed (a stale derived area). The pattern restarts on each segment so corners stay marked.
 */
export function dashSegments(segments: readonly Segment[], dash: number, gap: number): Segment[] {
  if (!(dash > 0) || !(gap >= 0)) throw new Error(`dash must be > 0 and gap ≥ 0, got ${dash} and ${gap}`);
  const out: Segment[] = [];
  for (const [a, b] of segments) {
    const len = dist(a, b);
    for (let s = 0; s < len; s += dash + gap) {
      const e = Math.min(len, s + dash);
      out.push([lerp(a, b, s / len), lerp(a, b, e / len)]);
    }
  }
  return out;
}

function lerp(a: readonly number[], b: readonly number[], t: number): number[] {
  return a.map((v, i) => v + t * (b[i]! - v));
}
