/**
 * Terrain symbols on element (A) without a draw call of their own: two more per-vertex
 * attributes of the area mesh, read by the app's area shader together with the symbol atlas
 * (symbol-atlas.ts).
 * - `uv` (Int8 × 2, normalized, × UV_RANGE): the vertex's offset from its tile's centre in
 *   inradii, y down, upright on screen (flat maps: model +y is up; globe: north, the +z pole,
 *   is up). Interpolated across the polygon it is the symbol-space point of each pixel.
 * - `symbol` (Uint8 × 4): rgb = the terrain's symbol colour, a = its atlas slot (0 = none).
 * Both are pure functions of the piece's corners and terrain: `uv` is written once (area
 * pieces never move), `symbol` is rewritten in place with the colours when a tile is painted.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { resolvePalette } from '../terrain/compiled.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import type { DirtyRange, MeshBuffers } from './pieces.js';
import { EMPTY_RANGE } from './pieces.js';
import { symbolSlot } from './symbol-atlas.js';
import { symbolColour, terrainSymbol } from './symbols.js';

/** `uv` bytes ±127 stand for ±UV_RANGE inradii (a hexagon's corners lie at 1.155). */
export const UV_RANGE = 2;

export interface AreaSymbols {
  readonly uv: Int8Array;
  readonly symbol: Uint8Array;
  /** Pieces whose terrain draws a symbol (tests and the bench count them). */
  symbolPieces: number;
}

/** rgba per palette index (index 0 = no terrain): symbol colour and atlas slot. */
export function symbolTable(catalogue: TerrainCatalogue, palette: readonly string[]): Uint8Array {
  const terrains = resolvePalette(catalogue, palette);
  const out = new Uint8Array(4 * (terrains.length + 1));
  terrains.forEach((t, i) => {
    const sym = terrainSymbol(t);
    const slot = sym ? symbolSlot(t.pattern) : 0;
    if (slot === 0) return;
    const v = parseInt(symbolColour(t).slice(1), 16);
    out.set([(v >> 16) & 255, (v >> 8) & 255, v & 255, slot], 4 * (i + 1));
  });
  return out;
}

/** Both attributes for every piece of an area mesh (`globe`: pieces on a sphere round the origin). */
export function buildAreaSymbols(mesh: MeshBuffers, table: Uint8Array, globe: boolean): AreaSymbols {
  const k = mesh.verticesPerPiece;
  const capacity = mesh.positions.length / 3;
  const out: AreaSymbols = { uv: new Int8Array(2 * capacity), symbol: new Uint8Array(4 * capacity), symbolPieces: 0 };
  const frame = new Float64Array(9);
  const n = mesh.pieceCount;
  if (!globe && n > 0 && mesh.owner[0]! >= 0) {
    // Flat area pieces are one polygon translated (area-mesh.ts): one piece's uv for all.
    writeUv(mesh.positions, 0, k, false, out.uv, frame);
    for (let len = 2 * k; len < 2 * k * n; len *= 2) out.uv.copyWithin(len, 0, Math.min(len, 2 * k * n - len));
  } else {
    for (let p = 0; p < n; p++) if (mesh.owner[p]! >= 0) writeUv(mesh.positions, p * k, k, globe, out.uv, frame);
  }
  // rgba as one 32-bit word per vertex (both arrays start at offset 0 of their own buffers).
  const sym32 = new Uint32Array(out.symbol.buffer, 0, capacity);
  const table32 = new Uint32Array(table.buffer, table.byteOffset, table.length >> 2);
  const terrain = mesh.terrain;
  const owner = mesh.owner;
  let count = 0;
  for (let p = 0; p < n; p++) {
    if (owner[p]! < 0) continue;
    const t = terrain[p]!;
    if (t >= table32.length || table[4 * t + 3] === 0) continue;
    const w = table32[t]!;
    for (let v = p * k, end = v + k; v < end; v++) sym32[v] = w;
    count++;
  }
  out.symbolPieces = count;
  return out;
}

/** Rewrites the `symbol` attribute of a tile's pieces after its terrain changed; the vertex range to upload. */
export function updateAreaSymbols(s: AreaSymbols, mesh: MeshBuffers, table: Uint8Array, tile: number): DirtyRange {
  const k = mesh.verticesPerPiece;
  let lo = Infinity;
  let hi = -1;
  for (let p = mesh.firstPiece[tile]!; p >= 0; p = mesh.nextPiece[p]!) {
    const had = s.symbol[4 * p * k + 3]! > 0;
    const has = writeSymbol(s.symbol, p * k, k, table, mesh.terrain[p]!);
    s.symbolPieces += (has ? 1 : 0) - (had ? 1 : 0);
    lo = Math.min(lo, p * k);
    hi = Math.max(hi, (p + 1) * k);
  }
  return hi < 0 ? EMPTY_RANGE : { start: lo, count: hi - lo };
}

function writeSymbol(symbol: Uint8Array, v0: number, k: number, table: Uint8Array, t: number): boolean {
  const o = 4 * t;
  const slot = o + 3 < table.length ? table[o + 3]! : 0;
  for (let v = v0; v < v0 + k; v++) {
    if (slot === 0) symbol.fill(0, 4 * v, 4 * v + 4);
    else symbol.set(table.subarray(o, o + 4), 4 * v);
  }
  return slot > 0;
}

/**
 * One piece's centre (mean of its distinct corners) into f[6..8], its tangent frame — east
 * into f[0..2], north into f[3..5] — and its inradius (the least distance from the centre to
 * an edge line, in that plane) as the result. Flat maps: east +x, north +y.
 */
export function pieceFrame(pos: Float32Array, v0: number, k: number, globe: boolean, f: Float64Array): number {
  let cx = 0;
  let cy = 0;
  let cz = 0;
  let m = 0;
  for (let j = 0; j < k; j++) {
    const a = 3 * (v0 + j);
    const b = 3 * (v0 + ((j + k - 1) % k));
    if (j > 0 && pos[a] === pos[b] && pos[a + 1] === pos[b + 1] && pos[a + 2] === pos[b + 2]) continue;
    cx += pos[a]!;
    cy += pos[a + 1]!;
    cz += pos[a + 2]!;
    m++;
  }
  cx /= m;
  cy /= m;
  cz /= m;
  if (globe) {
    const r = Math.hypot(cx, cy, cz);
    const nx = cx / r;
    const ny = cy / r;
    const nz = cz / r;
    // east = ẑ × n (x̂ × n at the poles)
    let ex = -ny;
    let ey = nx;
    let ez = 0;
    if (Math.hypot(ex, ey) < 1e-6) [ex, ey, ez] = [0, -nz, ny];
    const el = Math.hypot(ex, ey, ez);
    f[0] = ex / el;
    f[1] = ey / el;
    f[2] = ez / el;
    f[3] = ny * f[2] - nz * f[1];
    f[4] = nz * f[0] - nx * f[2];
    f[5] = nx * f[1] - ny * f[0];
  } else f.set([1, 0, 0, 0, 1, 0]);
  f[6] = cx;
  f[7] = cy;
  f[8] = cz;
  let inr = Infinity;
  for (let j = 0; j < k; j++) {
    const a = 3 * (v0 + j);
    const b = 3 * (v0 + ((j + 1) % k));
    const ax = tangentX(pos, a, cx, cy, cz, f);
    const ay = tangentY(pos, a, cx, cy, cz, f);
    const ex = tangentX(pos, b, cx, cy, cz, f) - ax;
    const ey = tangentY(pos, b, cx, cy, cz, f) - ay;
    const len = Math.hypot(ex, ey);
    if (len < 1e-12) continue;
    inr = Math.min(inr, Math.abs(ax * ey - ay * ex) / len);
  }
  return inr > 0 && Number.isFinite(inr) ? inr : 1;
}

/** Offsets of one piece's corners from its centre in inradii, in its tangent frame, y down. */
function writeUv(pos: Float32Array, v0: number, k: number, globe: boolean, uv: Int8Array, f: Float64Array): void {
  const inr = pieceFrame(pos, v0, k, globe, f);
  const cx = f[6]!;
  const cy = f[7]!;
  const cz = f[8]!;
  const s = 127 / (UV_RANGE * inr);
  for (let j = 0; j < k; j++) {
    const a = 3 * (v0 + j);
    uv[2 * (v0 + j)] = clampByte(tangentX(pos, a, cx, cy, cz, f) * s);
    // y down in symbol space: north is −v.
    uv[2 * (v0 + j) + 1] = clampByte(-tangentY(pos, a, cx, cy, cz, f) * s);
  }
}

function tangentX(pos: Float32Array, a: number, cx: number, cy: number, cz: number, f: Float64Array): number {
  return (pos[a]! - cx) * f[0]! + (pos[a + 1]! - cy) * f[1]! + (pos[a + 2]! - cz) * f[2]!;
}

function tangentY(pos: Float32Array, a: number, cx: number, cy: number, cz: number, f: Float64Array): number {
  return (pos[a]! - cx) * f[3]! + (pos[a + 1]! - cy) * f[4]! + (pos[a + 2]! - cz) * f[5]!;
}

function clampByte(x: number): number {
  return Math.max(-127, Math.min(127, Math.round(x)));
}
