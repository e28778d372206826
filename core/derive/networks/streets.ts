/**
 * A derived town's streets (issue 26 item 4: "towns get streets along tile centres with
 * blocks between them, not rings of road on every hexside"). Streets run through the area
 * tiles of built-up ground (under a parent tile whose terrain has a catalogue street layout) on lines fixed to the
 * global lattice, so every window and every drawing of a town agrees and the grid runs on
 * from one large tile into the next: columns every S area tiles, and rows every S (straight on
 * square; on the 120° lattices the row alternates between two neighbouring rows, the way a
 * hex row runs). S is half a large tile for a grid layout and a whole one for winding
 * (organic) villages, so a block is several tiles across and no tile stands alone ringed by
 * street. Streets stop at rivers (the carried roads bridge them). Pieces of street that the
 * town's outline cut off are joined to the rest through the town, so each town's streets —
 * with the roads that enter it — are one network.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { CENTRE, encodeConnection } from '../../map/network-code.js';
import type { NetworkLayer } from '../../map/network-layer.js';
import { networkComponents } from '../../map/network-query.js';
import type { ChildLattice, NetworkRules } from './child-lattice.js';

/** Connections accumulated per tile, then written into a layer at once. */
export class NetworkDraft {
  private readonly codes = new Map<number, number[]>();
  constructor(private readonly child: ChildLattice) {}

  /** Joins adjoining area tiles p and q by network `kind` (a palette value); false when they do not adjoin. */
  link(p: number, q: number, kind: number): boolean {
    const sides = this.child.sides;
    const side = sides.sideToward(p, q);
    if (side < 0) return false;
    const back = sides.backSide(p, side, q);
    this.add(p, encodeConnection(side, CENTRE, kind));
    this.add(q, encodeConnection(back, CENTRE, kind));
    return true;
  }

  /** A spoke of network `kind` from tile p's centre out through its side toward (dx, dy), where the map ends: the road leaves the map there. */
  exit(p: number, dx: number, dy: number, kind: number): void {
    const side = this.child.sideOf(dx, dy);
    if (side >= 0 && this.child.sides.across(p, side) < 0) this.add(p, encodeConnection(side, CENTRE, kind));
  }

  private add(tile: number, code: number): void {
    const list = this.codes.get(tile);
    if (list === undefined) this.codes.set(tile, [code]);
    else if (!list.includes(code)) list.push(code);
  }

  /** Writes the drafted connections into `layer` (added to what it holds) and forgets them. */
  commit(layer: NetworkLayer): void {
    for (const [tile, codes] of this.codes) layer.set(tile, [...layer.at(tile), ...codes]);
    this.codes.clear();
  }
}

const mod = (v: number, m: number): number => ((v % m) + m) % m;

/** Street spacing in area tiles for a layout at ratio r. */
export function streetSpacing(layout: 'grid' | 'organic', ratio: number): number {
  return layout === 'grid' ? Math.max(3, Math.round(ratio / 2)) : Math.max(4, ratio);
}

/**
 * The street layout at global (gx, gy): the town's when the parent's large tile there is
 * built-up and the tile is ground a street may cross (on the map, not water) — so a street
 * runs on through a town's open squares instead of stopping at each.
 */
function builtUp(child: ChildLattice, rules: NetworkRules, gx: number, gy: number): 'grid' | 'organic' | undefined {
  const id = child.terrainAt(gx, gy);
  if (id === '' || rules.keepsRoadsOff(id)) return undefined;
  return rules.streets(child.largeTerrain(gx, gy));
}

/** Draws the street grid of every built-up tile of the map into `draft` as network `kind`. */
export function drawStreets(child: ChildLattice, rules: NetworkRules, draft: NetworkDraft, kind: number, kindId: string, ratio: number): number {
  const square = child.lattice === 'square';
  const grid = streetSpacing('grid', ratio);
  const organic = streetSpacing('organic', ratio);
  let links = 0;
  const join = (gx: number, gy: number, qx: number, qy: number): void => {
    if (builtUp(child, rules, qx, qy) === undefined) return;
    if (rules.mustBridge(child.terrainAt((gx + qx) / 2, (gy + qy) / 2), kindId)) return;
    if (draft.link(child.tileAt(gx, gy), child.tileAt(qx, qy), kind)) links++;
  };
  for (let t = 0; t < child.map.grid.tileCount; t++) {
    if (child.map.layers.terrain[t] === 0) continue;
    const [gx, gy] = child.position(t);
    if (mod(gx, 2) !== 0 || mod(gy, 2) !== 0) continue;
    const a = gx / 2;
    const b = gy / 2;
    const row = square ? b : b - Math.floor(a / 2);
    // Off every line of either layout: nothing to draw (the parent's terrain is not even looked up).
    if (![grid, organic].some((s) => mod(a, s) === 0 || mod(row, s) === 0)) continue;
    const layout = builtUp(child, rules, gx, gy);
    if (layout === undefined) continue;
    const s = layout === 'grid' ? grid : organic;
    // Columns: constant a, stepping b.
    if (mod(a, s) === 0) join(gx, gy, gx, gy + 2);
    // Rows: constant b on square; b − ⌊a/2⌋ constant on the 120° lattices (steps (1, 0) and (1, 1) alternate).
    if (mod(row, s) === 0) join(gx, gy, gx + 2, gy + (square ? 0 : 2 * (Math.floor((a + 1) / 2) - Math.floor(a / 2))));
  }
  return links;
}

/**
 * Joins the pieces of network `kind` that touch built-up ground into one per town: each
 * piece but the largest is linked, by a shortest chain through the town that crosses no
 * bridged feature, to the nearest tile of another piece.
 */
export function joinTownPieces(child: ChildLattice, rules: NetworkRules, layer: NetworkLayer, kind: number, kindId: string): number {
  const pieces = networkComponents(layer, child.sides, kind);
  if (pieces.length < 2) return 0;
  const pieceOf = new Map<number, number>();
  pieces.forEach((p, k) => p.tiles.forEach((t) => pieceOf.set(t, k)));
  const root = pieces.map((_, k) => k);
  const find = (k: number): number => (root[k] === k ? k : (root[k] = find(root[k]!)));
  const town = (t: number): boolean => {
    const [gx, gy] = child.position(t);
    return builtUp(child, rules, gx, gy) !== undefined;
  };
  const draft = new NetworkDraft(child);
  let joined = 0;
  for (let k = 1; k < pieces.length; k++) {
    const starts = pieces[k]!.tiles.filter(town);
    if (starts.length === 0) continue;
    const prev = new Map<number, number>(starts.map((t) => [t, -1]));
    const queue = [...starts];
    let hit = -1;
    for (let h = 0; h < queue.length && hit < 0; h++) {
      const t = queue[h]!;
      const [gx, gy] = child.position(t);
      for (const [dx, dy] of child.steps) {
        const u = child.tileAt(gx + 2 * dx, gy + 2 * dy);
        if (u < 0 || prev.has(u) || !town(u) || rules.mustBridge(child.terrainAt(gx + dx, gy + dy), kindId)) continue;
        prev.set(u, t);
        const other = pieceOf.get(u);
        if (other !== undefined && find(other) !== find(k)) {
          hit = u;
          root[find(k)] = find(other);
          break;
        }
        queue.push(u);
      }
    }
    if (hit < 0) continue;
    for (let t = hit; prev.get(t)! >= 0; t = prev.get(t)!) draft.link(prev.get(t)!, t, kind);
    joined++;
  }
  draft.commit(layer);
  return joined;
}
