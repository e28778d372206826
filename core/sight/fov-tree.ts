/**
 * Field of vision on flat maps at shadowcasting speed, with exactly the answer of one line of
 * sight per tile (line-of-sight.ts).
 *
 * Why it is exact. On a flat map the cells a sight line records (walk.ts) depend only on the
 * lattice vector from the observer to the target, not on where the observer stands. So for
 * each lattice kind and radius we walk every target offset once and merge the recorded
 * sequences into a trie (the RAY TREE): a node is one recorded sample (kind, cell offset, a
 * PAIR's partner, the step's direction and corner flag, and the cells the classic-map step
 * rule reads), and the path from the root to a node is the prefix every ray through that node
 * shares. The sight model decides each sample from the map and, at most, from the line's
 * heights and direction. A query walks the tree depth first and sorts each node, for the
 * current observer, into
 *  - BLOCKS: it blocks every line through it whatever the line's heights and direction
 *    (area terrain that blocks sight through it; a classic edge or vertex that blocks sight
 *    across, or a hex corner where two such edges meet) — the whole subtree is hidden and
 *    skipped, which is what makes this a shadowcaster;
 *  - HEIGHT: it can block only by rising above the line; a line's height is never below
 *    min(eye, target point) on a flat map, so the node cannot block a target whose
 *    min(eye, target point) is at least the highest such node on its path;
 *  - GEOMETRY: it blocks depending on where the line crosses it (linear terrain blocking
 *    across or along, AL-FORM maps) — undecided here;
 *  - CLEAR: it cannot block.
 * A target whose path holds no BLOCKS node is visible when its path also holds no GEOMETRY
 * node and no HEIGHT node above its bound; otherwise the exact line of sight decides it. Every
 * shortcut is a sound bound on the same predicate, so the set is LOS's set; tests compare the
 * two on random maps of every kind, and count the work.
 *
 * Not used (the caller runs one line of sight per tile instead): the globe; wrapped maps
 * whose period is short enough that two cells of one tree map to one tile; radii above
 * `TREE_MAX_RADIUS` (the tree grows as r³).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { hasVertices } from '../grid/capabilities.js';
import { TileClass } from '../alform/classify.js';
import type { Lattice } from './walk.js';
import { CELL, GRAZED, latticeCoords } from './walk.js';
import { rayTree } from './ray-tree.js';
import type { SightTables } from './tables.js';
import type { TerrainMap } from '../map/terrain-map.js';

export { latticeHops, rayTree, type RayTree } from './ray-tree.js';

export const TREE_MAX_RADIUS = 48;
const EPS = 1e-9;

/** What a tree query needs from the line-of-sight caster (line-of-sight.ts). */
export interface TreeSight {
  readonly map: TerrainMap;
  readonly tables: SightTables;
  /** Tile classes on AL-FORM maps, null on classic maps. */
  readonly classes: Uint8Array | null;
  groundAt(t: number): number;
  /** The exact line of sight with the current heights. */
  sees(from: number, to: number): boolean;
}

/** Work done by the last tree query: tree nodes examined and exact lines of sight run. */
export interface FovWork {
  nodes: number;
  casts: number;
}

/** False for radii above TREE_MAX_RADIUS and for wraps short enough that two cells of one tree are one tile. */
function treeApplies(lat: Lattice, radius: number): boolean {
  if (radius > TREE_MAX_RADIUS) return false;
  const reach = 2 * (radius * Math.SQRT2 + 2); // no lattice step is longer than √2
  for (const [pa, pb] of lat.periods) if (Math.hypot(pa * lat.e1x + pb * lat.e2x, pa * lat.e1y + pb * lat.e2y) <= reach) return false;
  return true;
}

/**
 * The tiles within `radius` hops of `from` that `from` sees, ascending — or null where the
 * tree does not apply (see the module header) and the caller must run one LOS per tile.
 *
 * hot loop: the walk over the tree runs once per node (hundreds of thousands per query at
 * large radii) and reads a dozen locals hoisted above it; cutting the node's classification
 * into calls would pass them all per node, so the query stays one function.
 */
export function treeFieldOfVision(
  sight: TreeSight,
  lat: Lattice,
  from: number,
  radius: number,
  observerHeight: number,
  targetHeight: number,
  work: FovWork,
): Int32Array | null {
  if (!treeApplies(lat, radius)) return null;
  const tree = rayTree(lat, radius);
  latticeCoords(lat, from);
  const a0 = lat.coords[2 * from]!;
  const b0 = lat.coords[2 * from + 1]!;
  const grid = lat.grid;
  const map = sight.map;
  const terr = map.layers.terrain;
  const elev = map.layers.elevation;
  const { blocksAcross: across, blocksAlong: along, blocksThrough: through, height, elevationOffset: offset } = sight.tables;
  const cls = sight.classes;
  const classic = !map.spec.alform;
  const edges = map.layers.edges;
  const vertices = map.layers.vertices;
  const vgrid = hasVertices(grid) ? grid : null;
  const nb = new Int32Array(grid.directions);
  const zStart = sight.groundAt(from) + observerHeight;
  const ground = (x: number) => (elev ? elev[x]! : 0) + offset[terr[x]!]!;
  const out = tree.out;
  let k = 0;
  out[k++] = from;
  const pathSurf = tree.pathSurf;
  const pathGeo = tree.pathGeo;
  pathSurf[0] = -Infinity;
  const { kind, da, db, depth, end, target } = tree;
  const linear = (x: number) => cls !== null && cls[x] !== TileClass.AREA;
  const edgeBetween = (x: number, y: number): number => {
    const deg = grid.neighbors(x, nb);
    for (let d = 0; d < deg; d++) {
      if (nb[d] === y) {
        const slot = grid.edgeSlot(x, d);
        return slot < 0 ? -1 : edges![slot]!;
      }
    }
    return -1;
  };
  let nodes = 0;
  let casts = 0;
  let n = 1;
  while (n < tree.nodes) {
    nodes++;
    const d = depth[n]!;
    const ps = pathSurf[d - 1]!;
    const pg = pathGeo[d - 1]!;
    const t = grid.indexXY(a0 + da[n]!, b0 + db[n]!);
    const kd = kind[n]!;
    // The classic map's step into this cell (edge, vertex or hex corner terrain).
    let stepBlock = false;
    let stepSurf = -Infinity;
    if (classic && kd !== GRAZED) {
      const x = grid.indexXY(a0 + tree.xa[n]!, b0 + tree.xb[n]!);
      if (x >= 0 && t >= 0) {
        const dir = tree.dir[n]!;
        let ek = 0;
        if (!tree.corner[n] && !tree.prevPair[n]) {
          const slot = grid.edgeSlot(x, dir);
          if (slot >= 0) ek = edges![slot]!;
        } else if (vgrid) {
          if (dir & 1) {
            const slot = vgrid.vertexSlot(x, dir);
            if (slot >= 0) ek = vertices![slot]!;
          }
        } else if (tree.hasZ[n]) {
          const z = grid.indexXY(a0 + tree.za[n]!, b0 + tree.zb[n]!);
          if (z >= 0) {
            const k1 = edgeBetween(x, t);
            const k2 = edgeBetween(x, z);
            const k3 = edgeBetween(t, z);
            stepBlock = (k1 >= 0 && across[k1] === 1 ? 1 : 0) + (k2 >= 0 && across[k2] === 1 ? 1 : 0) + (k3 >= 0 && across[k3] === 1 ? 1 : 0) >= 2;
          }
        }
        if (ek !== 0) {
          if (across[ek] === 1) stepBlock = true;
          else stepSurf = (elev ? (elev[x]! + elev[t]!) / 2 : 0) + offset[ek]! + height[ek]!;
        }
      }
    }
    // The sample itself, for rays that pass through it.
    let block = stepBlock;
    let surf = stepSurf;
    let geo = 0;
    let endGeo = 0;
    if (t >= 0 && !block) {
      const tk = terr[t]!;
      if (kd === GRAZED) {
        if (linear(t) && across[tk] === 1) geo++;
      } else if (kd === CELL) {
        const s = ground(t) + height[tk]!;
        if (s > surf) surf = s;
        if (linear(t)) geo += across[tk]! + along[tk]!;
        else if (through[tk] === 1) block = true;
      } else {
        const q = grid.indexXY(a0 + tree.pa[n]!, b0 + tree.pb[n]!);
        if (linear(t) && across[tk] === 1) geo++;
        if (q >= 0) {
          const qk = terr[q]!;
          if (linear(q) && across[qk] === 1) {
            geo++;
            endGeo++;
          }
          const thT = !linear(t) && through[tk] === 1;
          const thQ = !linear(q) && through[qk] === 1;
          const onlyH_T = !thT && !(linear(t) && along[tk] === 1);
          const onlyH_Q = !thQ && !(linear(q) && along[qk] === 1);
          if (thT && thQ) block = true;
          else if (onlyH_T || onlyH_Q) {
            const sT = ground(t) + height[tk]!;
            const sQ = ground(q) + height[qk]!;
            const s = onlyH_T && onlyH_Q ? Math.min(sT, sQ) : onlyH_T ? sT : sQ;
            if (s > surf) surf = s;
          } else geo++;
        }
      }
    }
    if (target[n] && t >= 0 && !stepBlock) {
      // The ray ending here: its own cell never blocks; the step into it and a PAIR partner still can.
      const s = stepSurf > ps ? stepSurf : ps;
      const zEnd = ground(t) + targetHeight;
      const zMin = zEnd < zStart ? zEnd : zStart;
      let seen: boolean;
      if (pg + endGeo === 0 && s <= zMin + EPS / 2) seen = true;
      else {
        casts++;
        seen = sight.sees(from, t);
      }
      if (seen) out[k++] = t;
    }
    if (block) {
      n = end[n]!;
      continue;
    }
    pathSurf[d] = surf > ps ? surf : ps;
    pathGeo[d] = pg + geo;
    n++;
  }
  work.nodes = nodes;
  work.casts = casts;
  return out.slice(0, k).sort();
}
