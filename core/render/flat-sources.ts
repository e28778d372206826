/**
 * The linear features of a flat map, seen on the AL-FORM lattice (flat-junctions.ts):
 * - AL-FORM maps: the linear tiles themselves; owner = tile index.
 * - classic maps: the terrain on tile edges (and square tile vertices), placed where the
 *   AL-FORM transfer of SPEC §3 would put it — edge d of tile (x, y) at (2x + T[d].x,
 *   2y + T[d].y), area terrain at (2x, 2y) — and drawn at half the spacing. So a classic
 *   map's rivers on hexsides get exactly the strips, joins and outlines of its AL-FORM
 *   conversion, without building the four-times-larger map. Owner = edge slot, or
 *   edgeSlotCount + vertex slot on square maps.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { requireVertices } from '../grid/capabilities.js';
import type { FlatFrame } from './flat-frame.js';
import type { FlatLinearSource } from './linear-flat.js';

export function alformSource(frame: FlatFrame, terrain: Uint8Array): FlatLinearSource {
  const { xs, ys } = frame;
  const n = frame.tileCount;
  return {
    scale: 1,
    ownerCount: n,
    terrainAt(x, y) {
      const i = frame.indexAt(x, y);
      return i < 0 ? 0 : terrain[i]!;
    },
    ownerAt(x, y) {
      if (((x | y) & 1) === 0) return -1;
      return frame.indexAt(x, y);
    },
    coordsOf(owner, out) {
      out[0] = xs[owner]!;
      out[1] = ys[owner]!;
    },
    forEachFeature(visit) {
      for (let i = 0; i < n; i++) {
        const t = terrain[i]!;
        if (t === 0) continue;
        const x = xs[i]!;
        const y = ys[i]!;
        if (((x | y) & 1) !== 0) visit(x, y, i, t);
      }
    },
  };
}

export function classicSource(frame: FlatFrame, terrain: Uint8Array, edges: Uint8Array, vertices: Uint8Array | null): FlatLinearSource {
  const grid = frame.grid;
  const { xs, ys, dx, dy } = frame;
  const square = frame.family === 'square';
  const edgeCount = edges.length;
  const perTile = grid.edgeSlotsPerTile;
  // Directions whose edge slot a tile owns: N and E on square maps, the first three otherwise.
  const owned = square ? [0, 2] : [0, 1, 2];
  // Vertex slots are asked of the grid only where there is a vertex layer (classic square maps).
  const vgrid = square && vertices ? requireVertices(grid, 'square vertex terrain') : null;

  /** Owner at doubled coordinates (x, y), not both even; −1 if that edge/vertex is not on the map. */
  const ownerAt = (x: number, y: number): number => {
    const ox = x & 1;
    const oy = y & 1;
    if ((ox | oy) === 0) return -1;
    if (square) {
      if (ox === 1 && oy === 1) {
        if (!vgrid) return -1;
        const i = frame.indexAt((x - 1) / 2, (y - 1) / 2);
        if (i < 0) return -1;
        const v = vgrid.vertexSlot(i, 1);
        return v < 0 ? -1 : edgeCount + v;
      }
      const i = ox === 1 ? frame.indexAt((x - 1) / 2, y / 2) : frame.indexAt(x / 2, (y - 1) / 2);
      return i < 0 ? -1 : grid.edgeSlot(i, ox === 1 ? 2 : 0);
    }
    // 120° axial: (0,1) is direction 0, (1,1) direction 1, (1,0) direction 2.
    const d = ox === 0 ? 0 : oy === 1 ? 1 : 2;
    const i = frame.indexAt((x - dx[d]!) / 2, (y - dy[d]!) / 2);
    return i < 0 ? -1 : grid.edgeSlot(i, d);
  };

  return {
    scale: 0.5,
    ownerCount: edgeCount + (vertices ? vertices.length : 0),
    terrainAt(x, y) {
      if (((x | y) & 1) === 0) {
        const i = frame.indexAt(x / 2, y / 2);
        return i < 0 ? 0 : terrain[i]!;
      }
      const o = ownerAt(x, y);
      if (o < 0) return 0;
      return o < edgeCount ? edges[o]! : vertices![o - edgeCount]!;
    },
    ownerAt,
    coordsOf(owner, out) {
      if (owner >= edgeCount) {
        const i = owner - edgeCount;
        out[0] = 2 * xs[i]! + 1;
        out[1] = 2 * ys[i]! + 1;
        return;
      }
      const i = Math.floor(owner / perTile);
      const d = owned[owner - i * perTile]!;
      out[0] = 2 * xs[i]! + dx[d]!;
      out[1] = 2 * ys[i]! + dy[d]!;
    },
    forEachFeature(visit) {
      // Terrain on a slot that does not exist is rejected when the map is loaded
      // (terrain-map.ts), so every non-empty slot is a real edge or vertex.
      const xy = new Int32Array(2);
      for (let s = 0; s < edgeCount; s++) {
        if (edges[s] === 0) continue;
        this.coordsOf(s, xy);
        visit(xy[0]!, xy[1]!, s, edges[s]!);
      }
      if (vertices) {
        for (let v = 0; v < vertices.length; v++) {
          if (vertices[v] === 0) continue;
          this.coordsOf(edgeCount + v, xy);
          visit(xy[0]!, xy[1]!, edgeCount + v, vertices[v]!);
        }
      }
    },
  };
}
