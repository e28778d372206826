/**
 * Outline segments (elements C and D, LineBuffers) arranged for drawing as fat lines in
 * chunks (SPEC §5, §12 "a handful of draw calls"): each segment's line distance (its length
 * times the mode style's dash scale for its terrain — larger scales cut denser dashes — or 0,
 * which the dashed shader draws solid),
 * and on large maps the segments sorted into spatial blocks — a k×k grid over a flat map, or
 * k×k patches of each cube face on the globe — so the renderer draws one chunk per block and
 * Three.js culls those off screen. On the globe each chunk also gets a cap (direction and
 * angular radius) for hiding chunks beyond the horizon, which frustum culling cannot.
 *
 * Typed arrays throughout: a million-tile map has a few million segments.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { LineBuffers } from './lines.js';

/** Segments per chunk: one draw on most maps (~20 k area tiles), small enough to cull on large ones. */
export const CHUNK_SEGMENTS = 1 << 17;

export interface OutlineChunks {
  readonly segmentCount: number;
  /** xyz,xyz per segment, in chunk order (core's own array when there is one chunk). */
  readonly positions: Float32Array;
  /** rgba,rgba per segment, in chunk order. */
  readonly colors: Uint8Array;
  /** Line distance at the start and end of each segment (0, then its length if dashed, else 0). */
  readonly distances: Float32Array;
  /** Chunk b holds segments [starts[b], starts[b + 1]); chunks may be empty. */
  readonly starts: Uint32Array;
  /** Globe: per non-empty chunk, the unit direction of its middle and its angular radius (x, y, z, radians); null on flat maps. */
  readonly caps: Float64Array | null;
}

/**
 * `dashCentre`: the line distance of the middle of a dash in the renderer's pattern (half its
 * dash length); each dashed segment is centred there (see `dashDistances`).
 */
export function chunkOutlines(lines: LineBuffers, dashedByTerrain: Uint8Array | Float32Array, globe: boolean, chunkSegments = CHUNK_SEGMENTS, dashCentre = 0): OutlineChunks {
  const n = lines.segmentCount;
  let positions = lines.positions;
  let colors = lines.colors;
  let distances = dashDistances(lines, dashedByTerrain, dashCentre);
  let starts: Uint32Array = Uint32Array.of(0, n);
  if (n > chunkSegments) {
    const blocks = spatialBlocks(positions, n, Math.ceil(Math.sqrt(n / chunkSegments)), globe);
    positions = reorder(positions, blocks.order, 6);
    colors = reorder(colors, blocks.order, 8);
    distances = reorder(distances, blocks.order, 2);
    starts = blocks.starts;
  }
  const caps = globe && n > 0 ? chunkCaps(positions, starts) : null;
  return { segmentCount: n, positions, colors, distances, starts, caps };
}

/**
 * Line distances per segment end: 0 at both ends where the terrain is solid; where dashed, the
 * segment's length times its terrain's dash scale (a 0/1 table works too), laid out
 * symmetrically about `centre` — the middle of a dash. So the pattern is the same read from
 * either end, and the two polygons that share an edge draw their dashes on the same spots
 * (otherwise each fills the other's gaps and the shared edge looks solid).
 */
export function dashDistances(lines: LineBuffers, dashedByTerrain: Uint8Array | Float32Array, centre = 0): Float32Array {
  const n = lines.segmentCount;
  const p = lines.positions;
  const out = new Float32Array(2 * n);
  for (let s = 0; s < n; s++) {
    const scale = dashedByTerrain[lines.terrain[s]!]!;
    if (!scale) continue;
    const o = 6 * s;
    const half = (scale * Math.hypot(p[o + 3]! - p[o]!, p[o + 4]! - p[o + 1]!, p[o + 5]! - p[o + 2]!)) / 2;
    out[2 * s] = centre - half;
    out[2 * s + 1] = centre + half;
  }
  return out;
}

/**
 * Sorts segments into spatial blocks by their first end: a k×k grid over the bounding box
 * of a flat map, or k×k patches of the six cube faces on the globe. Returns where each block
 * starts (k² or 6k² blocks, + 1) and the segment order (a counting sort: stable, O(n)).
 * `stride`: floats per item in `pos` (6 for segments; 3 to sort points, vector-blocks.ts).
 */
export function spatialBlocks(pos: Float32Array, n: number, k: number, globe: boolean, stride = 6): { starts: Uint32Array; order: Uint32Array } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let s = 0; s < n; s++) {
    const x = pos[stride * s]!;
    const y = pos[stride * s + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const bins = globe ? 6 * k * k : k * k;
  const bin = new Uint32Array(n);
  const clampK = (v: number) => Math.min(k - 1, Math.max(0, Math.floor(v * k)));
  for (let s = 0; s < n; s++) {
    const x = pos[stride * s]!;
    const y = pos[stride * s + 1]!;
    if (!globe) {
      bin[s] = clampK((x - minX) / (maxX - minX || 1)) * k + clampK((y - minY) / (maxY - minY || 1));
      continue;
    }
    const z = pos[stride * s + 2]!;
    const ax = Math.abs(x);
    const ay = Math.abs(y);
    const az = Math.abs(z);
    // Cube face of the direction, then (u, v) on that face in [−1, 1].
    let face: number;
    let u: number;
    let v: number;
    if (ax >= ay && ax >= az) [face, u, v] = [x > 0 ? 0 : 1, y / ax, z / ax];
    else if (ay >= az) [face, u, v] = [y > 0 ? 2 : 3, x / ay, z / ay];
    else [face, u, v] = [z > 0 ? 4 : 5, x / az, y / az];
    bin[s] = face * k * k + clampK((u + 1) / 2) * k + clampK((v + 1) / 2);
  }
  const starts = new Uint32Array(bins + 1);
  for (let s = 0; s < n; s++) starts[bin[s]! + 1]!++;
  for (let b = 0; b < bins; b++) starts[b + 1]! += starts[b]!;
  const order = new Uint32Array(n);
  const next = starts.slice(0, bins);
  for (let s = 0; s < n; s++) order[next[bin[s]!]!++] = s;
  return { starts, order };
}

/** A per-segment array (`stride` values each) in `order`. */
export function reorder<T extends Float32Array | Uint8Array>(a: T, order: Uint32Array, stride: number): T {
  const n = order.length;
  const out = new (a.constructor as new (len: number) => T)(n * stride);
  for (let i = 0, o = 0; i < n; i++) {
    const from = order[i]! * stride;
    for (let j = 0; j < stride; j++) out[o++] = a[from + j]!;
  }
  return out;
}

/** Per non-empty chunk: unit direction of its mean start point and the largest angle from it to a start point (`stride` floats an item). */
export function chunkCaps(p: Float32Array, starts: Uint32Array, stride = 6): Float64Array {
  const caps: number[] = [];
  for (let b = 0; b + 1 < starts.length; b++) {
    const first = starts[b]!;
    const last = starts[b + 1]!;
    if (last === first) continue;
    let x = 0;
    let y = 0;
    let z = 0;
    for (let s = first; s < last; s++) {
      x += p[stride * s]!;
      y += p[stride * s + 1]!;
      z += p[stride * s + 2]!;
    }
    const l = Math.hypot(x, y, z) || 1;
    x /= l;
    y /= l;
    z /= l;
    let minCos = 1;
    for (let s = first; s < last; s++) {
      const px = p[stride * s]!;
      const py = p[stride * s + 1]!;
      const pz = p[stride * s + 2]!;
      const c = (x * px + y * py + z * pz) / (Math.hypot(px, py, pz) || 1);
      if (c < minCos) minCos = c;
    }
    caps.push(x, y, z, Math.acos(Math.max(-1, minCos)));
  }
  return Float64Array.from(caps);
}

/**
 * Globe: whether cap `k` reaches in front of the horizon seen from `eye` (model space, globe
 * radius ≈ 1) — false only when every point of the chunk is beyond it.
 */
export function capInView(caps: Float64Array, k: number, eye: readonly [number, number, number]): boolean {
  const d = Math.hypot(eye[0], eye[1], eye[2]);
  const horizon = Math.acos(Math.min(1, 1 / d));
  const cos = (caps[4 * k]! * eye[0] + caps[4 * k + 1]! * eye[1] + caps[4 * k + 2]! * eye[2]) / d;
  const angle = Math.acos(Math.max(-1, Math.min(1, cos)));
  return angle - caps[4 * k + 3]! < horizon;
}
