/**
 * Element (A) of SPEC §5: one regular polygon per area tile, coloured by its area terrain.
 * On AL-FORM maps the polygon's inscribed diameter is 2 × TILE-SPACING, so the polygons of
 * two area tiles meet across the linear tile between them (patent: "each polygon is arranged
 * so its edges adjoin those of its nearest-neighbors"); on classic maps every tile is an area
 * tile and its polygon is the tile itself (1 ×).
 *
 * Corner order (shared with the outline builder): corner d lies between the edges towards
 * directions d and d+1, clockwise; edge d — from corner d−1 to corner d — faces direction
 * `edgeDirection(d)`. Hex, offset-square and globe polygons have six corners (a pentagon
 * repeats its fifth), square ones four. An offset-square tile touches two half edges on each
 * side, so its square carries a corner at the middle of each side.
 *
 * Flat maps: corners are one offset table per kind added to the arithmetic centre (no
 * `grid.corners()` per tile). Globe: AL-FORM polygon corners are the fine corners shared by
 * the three linear tiles around them (globe-frame.ts), the same points the linear strips
 * (linear-globe.ts) end at; classic globe polygons are the grid's own cells.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { FlatFamily, FlatFrame } from './flat-frame.js';
import type { GlobeFrame } from './globe-frame.js';
import { globeCorner, thirdAtCorner } from './globe-frame.js';
import { PieceMesh } from './pieces.js';
import type { RenderPalette } from './palette.js';

const R3 = 1 / Math.sqrt(3);

/** Corner offsets of a tile of inscribed diameter 1 (unit frame), in the corner order above. */
export function cornerTemplate(family: FlatFamily): Float64Array {
  switch (family) {
    case 'hex': {
      const out = new Float64Array(12);
      for (let d = 0; d < 6; d++) {
        // Corner c of a flat-top hexagon sits at 60°·c; the one between directions d and d+1 is c = 7 − d.
        const a = (((7 - d) % 6) * Math.PI) / 3;
        out[2 * d] = R3 * Math.cos(a);
        out[2 * d + 1] = R3 * Math.sin(a);
      }
      return out;
    }
    case 'square':
      return Float64Array.of(0.5, 0.5, 0.5, -0.5, -0.5, -0.5, -0.5, 0.5);
    case 'offset-square':
      return Float64Array.of(0.5, 0.5, 0.5, 0, 0.5, -0.5, -0.5, -0.5, -0.5, 0, -0.5, 0.5);
  }
}

/** Direction faced by polygon edge `e` (square polygons skip the diagonal directions). */
export function edgeDirection(family: FlatFamily | 'globe', e: number): number {
  return family === 'square' ? 2 * e : e;
}

export function polygonCorners(family: FlatFamily | 'globe'): number {
  return family === 'square' ? 4 : 6;
}

/** (A) on a flat map. `alform` selects area tiles only and the doubled polygon. */
export function buildFlatAreaMesh(frame: FlatFrame, terrain: Uint8Array, alform: boolean, palette: RenderPalette): PieceMesh {
  const { xs, ys } = frame;
  const n = frame.tileCount;
  let count = n;
  if (alform) {
    count = 0;
    for (let i = 0; i < n; i++) if (((xs[i]! | ys[i]!) & 1) === 0) count++;
  }
  const k = polygonCorners(frame.family);
  const mesh = new PieceMesh(k, n, count);
  const tpl = cornerTemplate(frame.family);
  const scale = alform ? 2 : 1;
  // Corner offsets in model space (rotation and size applied once, not per tile).
  const off = new Float64Array(2 * k);
  for (let j = 0; j < k; j++) {
    const ux = tpl[2 * j]! * scale;
    const uy = tpl[2 * j + 1]! * scale;
    off[2 * j] = frame.a * ux + frame.b * uy;
    off[2 * j + 1] = frame.c * ux + frame.d * uy;
  }
  const pos = mesh.positions;
  const col = mesh.colors;
  const rgba = palette.rgba;
  const owner = mesh.owner;
  const ter = mesh.terrain;
  const first = mesh.firstPiece;
  const next = mesh.nextPiece;
  let p = 0;
  for (let i = 0; i < n; i++) {
    const x = xs[i]!;
    const y = ys[i]!;
    if (alform && ((x | y) & 1) !== 0) continue;
    const ux = frame.m00 * x + frame.m01 * y;
    const uy = frame.m10 * x + frame.m11 * y;
    const cx = frame.a * ux + frame.b * uy + frame.e;
    const cy = frame.c * ux + frame.d * uy + frame.f;
    const t = terrain[i]!;
    let v = 3 * p * k;
    let c = 4 * p * k;
    for (let j = 0; j < k; j++, v += 3, c += 4) {
      pos[v] = cx + off[2 * j]!;
      pos[v + 1] = cy + off[2 * j + 1]!;
      pos[v + 2] = 0;
      col[c] = rgba[4 * t]!;
      col[c + 1] = rgba[4 * t + 1]!;
      col[c + 2] = rgba[4 * t + 2]!;
      col[c + 3] = 255;
    }
    owner[p] = i;
    ter[p] = t;
    first[i] = p;
    next[p] = -1;
    p++;
  }
  mesh.pieceCount = p;
  return mesh;
}

/** (A) on the globe, at radius `radius`. */
export function buildGlobeAreaMesh(frame: GlobeFrame, classes: Uint8Array | null, terrain: Uint8Array, palette: RenderPalette, radius: number): PieceMesh {
  const n = frame.tileCount;
  let count = n;
  if (classes) {
    count = 0;
    for (let i = 0; i < n; i++) if (classes[i] === 0) count++;
  }
  const mesh = new PieceMesh(6, n, count);
  const { centers, neighbours: nb } = frame;
  const pos = mesh.positions;
  const col = mesh.colors;
  const rgba = palette.rgba;
  const q = new Float64Array(3);
  let p = 0;
  for (let i = 0; i < n; i++) {
    if (classes && classes[i] !== 0) continue;
    const deg = nb[6 * i + 5]! < 0 ? 5 : 6;
    const t = terrain[i]!;
    let v = 3 * p * 6;
    for (let d = 0; d < 6; d++, v += 3) {
      const dd = d < deg ? d : deg - 1;
      const a = nb[6 * i + dd]!;
      const b = nb[6 * i + ((dd + 1) % deg)]!;
      // AL-FORM: the corner across linear tiles a and b (shared with the two other area
      // polygons there); classic: the tile's own cell corner.
      const third = classes ? thirdAtCorner(nb, i, a, b) : i;
      globeCorner(centers, a, b, third, q, 0);
      pos[v] = q[0]! * radius;
      pos[v + 1] = q[1]! * radius;
      pos[v + 2] = q[2]! * radius;
    }
    for (let c = 4 * p * 6, end = c + 24; c < end; c += 4) {
      col[c] = rgba[4 * t]!;
      col[c + 1] = rgba[4 * t + 1]!;
      col[c + 2] = rgba[4 * t + 2]!;
      col[c + 3] = 255;
    }
    mesh.owner[p] = i;
    mesh.terrain[p] = t;
    mesh.firstPiece[i] = p;
    mesh.nextPiece[p] = -1;
    p++;
  }
  mesh.pieceCount = p;
  return mesh;
}
