/**
 * Reading the drawn map back out of its (A) and (B) buffers: the model-space box of what is
 * drawn (a flat view fits it) and the polygon drawn for one tile (overlays highlight what the
 * designer sees — on AL-FORM maps the doubled area polygon, not the grid's own cell).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { MeshBuffers } from './pieces.js';

/** An axis-aligned model-space box (y up). */
export interface Box2 {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The x/y box of every live piece of `meshes`; [−1, 1]² when nothing is drawn. */
export function drawnBounds(meshes: readonly MeshBuffers[]): Box2 {
  const b = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const mesh of meshes) {
    const pos = mesh.positions;
    const end = mesh.pieceCount * mesh.verticesPerPiece * 3;
    for (let i = 0; i < end; i += 3) {
      const x = pos[i]!;
      const y = pos[i + 1]!;
      if (x < b.minX) b.minX = x;
      if (x > b.maxX) b.maxX = x;
      if (y < b.minY) b.minY = y;
      if (y > b.maxY) b.maxY = y;
    }
  }
  if (b.minX > b.maxX) return { minX: -1, minY: -1, maxX: 1, maxY: 1 };
  return b;
}

/**
 * The polygon drawn for a tile — its first piece in the first of `meshes` that has one (pass
 * [A, B]) — as model-space corners of `dimensions` coordinates, the repeated corners of
 * fixed-size pieces dropped; null if the tile draws nothing.
 */
export function drawnPolygon(meshes: readonly MeshBuffers[], tile: number, dimensions: 2 | 3): number[][] | null {
  for (const mesh of meshes) {
    if (tile >= mesh.firstPiece.length) continue;
    const p = mesh.firstPiece[tile]!;
    if (p < 0) continue;
    const k = mesh.verticesPerPiece;
    const pos = mesh.positions;
    const out: number[][] = [];
    let lx = NaN;
    let ly = NaN;
    let lz = NaN;
    for (let j = 0; j < k; j++) {
      const o = 3 * (p * k + j);
      const x = pos[o]!;
      const y = pos[o + 1]!;
      const z = pos[o + 2]!;
      if (Math.abs(lx - x) + Math.abs(ly - y) + Math.abs(lz - z) < 1e-9) continue;
      lx = x;
      ly = y;
      lz = z;
      out.push(dimensions === 3 ? [x, y, z] : [x, y]);
    }
    if (out.length >= 3) return out;
  }
  return null;
}
