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
import { axial120Distance } from '../grid/hex/axial.js';
import { TileClass } from '../alform/classify.js';
import type { Lattice } from './walk.js';
import { CELL, GRAZED, PAIR, PAIR_PARTNER, SightWalk, latticeCoords } from './walk.js';
import type { SightTables } from './tables.js';
import type { TerrainMap } from '../map/terrain-map.js';

export const TREE_MAX_RADIUS = 48;
const EPS = 1e-9;

/** One lattice kind's ray tree for one radius, nodes in depth-first order. */
export interface RayTree {
  readonly radius: number;
  readonly nodes: number;
  readonly targets: number;
  readonly maxDepth: number;
  readonly kind: Uint8Array;
  readonly da: Int32Array;
  readonly db: Int32Array;
  /** PAIR partner's offset. */
  readonly pa: Int32Array;
  readonly pb: Int32Array;
  readonly dir: Int8Array;
  readonly corner: Uint8Array;
  /** Main nodes: the previous main cell's offset, whether it was a PAIR, and the hex corner's third cell. */
  readonly xa: Int32Array;
  readonly xb: Int32Array;
  readonly prevPair: Uint8Array;
  readonly za: Int32Array;
  readonly zb: Int32Array;
  readonly hasZ: Uint8Array;
  readonly depth: Int32Array;
  /** One past the node's subtree. */
  readonly end: Int32Array;
  /** 1 where a ray to a target within the radius ends. */
  readonly target: Uint8Array;
  /** Query scratch (queries are synchronous, so one set per tree). */
  readonly out: Int32Array;
  readonly pathSurf: Float64Array;
  readonly pathGeo: Int32Array;
}

/** Hop distance of a lattice vector: Chebyshev on square maps, hexagonal on the 120° axial lattice. */
export function latticeHops(lat: Lattice, da: number, db: number): number {
  if (lat.dirs === 8) return Math.max(Math.abs(da), Math.abs(db));
  return axial120Distance(da, db);
}

const trees = new Map<string, RayTree>();

/** The ray tree of `lat`'s kind for `radius` (built once, then cached; a handful kept). */
export function rayTree(lat: Lattice, radius: number): RayTree {
  const key = `${lat.e1x},${lat.e1y},${lat.dirs}:${radius}`;
  let tree = trees.get(key);
  if (!tree) {
    tree = buildRayTree(lat, radius);
    if (trees.size >= 8) trees.delete(trees.keys().next().value!);
    trees.set(key, tree);
  }
  return tree;
}

function buildRayTree(lat: Lattice, radius: number): RayTree {
  // The trie as flat arrays: 13 values per node, children as sibling lists (a node has few).
  const vals: number[] = [CELL, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0];
  const keyOf: number[] = [0];
  const firstChild: number[] = [-1];
  const nextSibling: number[] = [-1];
  const isTarget: number[] = [0];
  const walk = new SightWalk();
  for (let da = -radius; da <= radius; da++) {
    for (let db = -radius; db <= radius; db++) {
      if ((da === 0 && db === 0) || latticeHops(lat, da, db) > radius) continue;
      walk.beginFlat(lat, 0, 0, 0, da, db);
      while (walk.advance());
      if (!walk.ok) throw new Error(`ray tree: the walk to (${da}, ${db}) failed`);
      let node = 0;
      let prevMain = 0;
      for (let i = 1; i < walk.count; i++) {
        const kind = walk.kind[i]!;
        if (kind === PAIR_PARTNER) continue; // part of its PAIR node
        const main = kind === CELL || kind === PAIR;
        const pair = kind === PAIR;
        const pa = pair ? walk.a[i + 1]! : 0;
        const pb = pair ? walk.b[i + 1]! : 0;
        // The other values follow from the prefix, so these fields key the node (offsets < 128 apart).
        const key = (((((kind * 16 + walk.dir[i]! + 1) * 2 + walk.corner[i]!) * 256 + walk.a[i]! + 128) * 256 + walk.b[i]! + 128) * 256 + pa + 128) * 256 + pb + 128;
        let child = firstChild[node]!;
        while (child >= 0 && keyOf[child] !== key) child = nextSibling[child]!;
        if (child < 0) {
          // The classic step rule's third cell at a hex corner (line-of-sight.ts stepBlocks).
          let z = -1;
          if (main) {
            for (let k = prevMain + 1; k < i && z < 0; k++) if (walk.kind[k] === GRAZED || walk.kind[k] === PAIR_PARTNER) z = k;
            if (z < 0 && pair && i + 1 < walk.count) z = i + 1;
          }
          child = keyOf.length;
          vals.push(
            kind,
            walk.a[i]!,
            walk.b[i]!,
            pa,
            pb,
            walk.dir[i]!,
            walk.corner[i]!,
            main ? walk.a[prevMain]! : 0,
            main ? walk.b[prevMain]! : 0,
            main && walk.kind[prevMain] === PAIR ? 1 : 0,
            z >= 0 ? walk.a[z]! : 0,
            z >= 0 ? walk.b[z]! : 0,
            z >= 0 ? 1 : 0,
          );
          keyOf.push(key);
          firstChild.push(-1);
          nextSibling.push(firstChild[node]!);
          firstChild[node] = child;
          isTarget.push(0);
        }
        node = child;
        if (main) prevMain = i;
      }
      isTarget[node] = 1;
    }
  }
  // Flatten depth first (iteratively: rays are long).
  const n = keyOf.length;
  const cols = Array.from({ length: 13 }, () => new Int32Array(n));
  const depth = new Int32Array(n);
  const end = new Int32Array(n);
  const target = new Uint8Array(n);
  const stack: number[] = [0];
  const depthOf: number[] = [0];
  const openAt: number[] = []; // the current path's nodes, by depth
  let at = 0;
  let maxDepth = 0;
  let targets = 0;
  while (stack.length) {
    const u = stack.pop()!;
    const d = depthOf.pop()!;
    while (openAt.length > d) end[openAt.pop()!] = at;
    for (let c = 0; c < 13; c++) cols[c]![at] = vals[13 * u + c]!;
    depth[at] = d;
    if (d > maxDepth) maxDepth = d;
    if (isTarget[u]) {
      target[at] = 1;
      targets++;
    }
    openAt.push(at);
    at++;
    for (let c = firstChild[u]!; c >= 0; c = nextSibling[c]!) {
      stack.push(c);
      depthOf.push(d + 1);
    }
  }
  while (openAt.length) end[openAt.pop()!] = at;
  return {
    radius,
    nodes: n,
    targets,
    maxDepth,
    kind: Uint8Array.from(cols[0]!),
    da: cols[1]!,
    db: cols[2]!,
    pa: cols[3]!,
    pb: cols[4]!,
    dir: Int8Array.from(cols[5]!),
    corner: Uint8Array.from(cols[6]!),
    xa: cols[7]!,
    xb: cols[8]!,
    prevPair: Uint8Array.from(cols[9]!),
    za: cols[10]!,
    zb: cols[11]!,
    hasZ: Uint8Array.from(cols[12]!),
    depth,
    end,
    target,
    out: new Int32Array(targets + 1),
    pathSurf: new Float64Array(maxDepth + 1),
    pathGeo: new Int32Array(maxDepth + 1),
  };
}

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

/**
 * The tiles within `radius` hops of `from` that `from` sees, ascending — or null where the
 * tree does not apply (see the module header) and the caller must run one LOS per tile.
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
  if (radius > TREE_MAX_RADIUS) return null;
  const reach = 2 * (radius * Math.SQRT2 + 2); // no lattice step is longer than √2
  for (const [pa, pb] of lat.periods) if (Math.hypot(pa * lat.e1x + pb * lat.e2x, pa * lat.e1y + pb * lat.e2y) <= reach) return null;
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
