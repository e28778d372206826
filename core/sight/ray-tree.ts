/**
 * The ray tree (see fov-tree.ts's header): every ray of one lattice kind and radius walked
 * once from the origin and merged into a trie of shared prefixes, then flattened depth first
 * into columns. Built once per kind and radius and cached; queries live in fov-tree.ts.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { axial120Distance } from '../grid/hex/axial.js';
import type { Lattice } from './lattice.js';
import { CELL, GRAZED, PAIR, PAIR_PARTNER, SightWalk } from './walk.js';

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

/** The ray trie while it is built: 13 values per node, children as sibling lists (a node has few). */
interface Trie {
  readonly vals: number[];
  readonly keyOf: number[];
  readonly firstChild: number[];
  readonly nextSibling: number[];
  readonly isTarget: number[];
}

function buildRayTree(lat: Lattice, radius: number): RayTree {
  const trie: Trie = {
    vals: [CELL, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0],
    keyOf: [0],
    firstChild: [-1],
    nextSibling: [-1],
    isTarget: [0],
  };
  const walk = new SightWalk();
  for (let da = -radius; da <= radius; da++) {
    for (let db = -radius; db <= radius; db++) {
      if ((da === 0 && db === 0) || latticeHops(lat, da, db) > radius) continue;
      walk.beginFlat(lat, 0, 0, 0, da, db);
      while (walk.advance());
      if (!walk.ok) throw new Error(`ray tree: the walk to (${da}, ${db}) failed`);
      insertRay(trie, walk);
    }
  }
  return flattenTrie(trie, radius);
}

/** Merges one recorded walk into the trie, sharing the prefix it has with rays already in it. */
function insertRay(trie: Trie, walk: SightWalk): void {
  const { vals, keyOf, firstChild, nextSibling, isTarget } = trie;
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

/** The trie as a RayTree: columns in depth-first order, each node knowing where its subtree ends. */
function flattenTrie(trie: Trie, radius: number): RayTree {
  const { vals, keyOf, firstChild, nextSibling, isTarget } = trie;
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
