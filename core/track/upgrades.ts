/**
 * Upgrades inferred from track (issue 14), for tile sets that carry no upgrade lists — the
 * 18xx.games tile DSL has none (18xx.games decides upgrades by rule, Engine::Tile#upgrades_to?).
 * The rule, as 18xx.games applies it to plain tiles: `to` may replace `from` when
 *
 * - `to` is the next colour (white → yellow → green → brown → gray); a two-colour tile
 *   (`green-brown`) counts as each of its colours, so yellow → green-brown → gray;
 * - both carry the same label (or none);
 * - both have as many towns (halts count as towns), and `to` as many cities or fewer: cities
 *   may merge (18Chesapeake's OO tiles X3…X5 → X7, 1822CA's Winnipeg W1 → W2, W3 → W5), each
 *   new city taking at least one old city and slots for all the old cities' slots;
 * - for some rotation of `to`, every route of `from` is still there: each side-to-side path,
 *   and each junction's set of sides (towns matched one to one, cities one to one or merged as
 *   above), keeps or grows its sides — "same or more paths".
 *
 * Gauge is compared too (narrow track does not upgrade to normal). Game-specific exceptions
 * (a town that may become a city, special label rules) are not inferred: a designer adds or
 * removes those in the manifest.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TrackTile, Upgrade } from './types.js';
import { colourParts } from './types.js';

const ORDER = ['white', 'yellow', 'green', 'brown', 'gray'];

/** The ladder steps a colour stands on (two for a two-colour tile), colours off the ladder left out. */
function ranks(colour: string): number[] {
  return colourParts(colour)
    .map((c) => ORDER.indexOf(c))
    .filter((k) => k >= 0);
}

/** Whether some colour of `to` is the step after some colour of `from`. */
function nextColour(from: string, to: string): boolean {
  const next = ranks(to);
  return ranks(from).some((a) => next.includes(a + 1));
}

/** What the rule compares, for one tile turned `k` steps. */
interface Shape {
  /** "a-b/gauge" for side-to-side paths, a < b. */
  readonly paths: ReadonlySet<string>;
  /** Per junction (cities and towns in order), its sides with gauge as "s/gauge". */
  readonly nodes: readonly ReadonlySet<string>[];
  /** Per junction: whether it is a city, and its slots. */
  readonly city: readonly boolean[];
  readonly slots: readonly number[];
}

function shapeOf(tile: TrackTile, k: number): Shape {
  const turn = (s: number) => (s + k) % 6;
  const index = new Map<string, number>();
  const counted = tile.junctions.filter((j) => j.type === 'city' || j.type === 'town');
  counted.forEach((j, i) => index.set(j.id, i));
  const nodes = counted.map(() => new Set<string>());
  const paths = new Set<string>();
  for (const c of tile.connections) {
    if (c.a.kind === 'side' && c.b.kind === 'side') {
      const [x, y] = [turn(c.a.side), turn(c.b.side)].sort((p, q) => p - q);
      paths.add(`${x}-${y}/${c.gauge}`);
    } else {
      const side = c.a.kind === 'side' ? c.a : c.b.kind === 'side' ? c.b : null;
      const node = c.a.kind === 'junction' ? c.a : c.b.kind === 'junction' ? c.b : null;
      const at = node ? index.get(node.id) : undefined;
      if (side && at !== undefined) nodes[at]!.add(`${turn(side.side)}/${c.gauge}`);
    }
  }
  return { paths, nodes, city: counted.map((j) => j.type === 'city'), slots: counted.map((j) => j.slots) };
}

function subset<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean {
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/**
 * True when `from`'s junctions fit into `to`'s: towns one to one; cities one to one when
 * `merge` is false, else each old city into a new city (several may share one), every new
 * city taking at least one, with slots for the old cities' slots.
 */
function nodesFit(from: Shape, to: Shape, merge: boolean): boolean {
  const n = from.nodes.length;
  const into = new Array<number>(n).fill(-1);
  const load = new Array<number>(to.nodes.length).fill(0);
  const count = new Array<number>(to.nodes.length).fill(0);
  const place = (i: number): boolean => {
    if (i === n) return !merge || to.city.every((c, j) => !c || count[j]! > 0);
    for (let j = 0; j < to.nodes.length; j++) {
      if (from.city[i] !== to.city[j] || !subset(from.nodes[i]!, to.nodes[j]!)) continue;
      const shared = count[j]! > 0;
      if (shared && !(merge && to.city[j])) continue;
      if (merge && to.city[j] && load[j]! + from.slots[i]! > to.slots[j]!) continue;
      into[i] = j;
      count[j]!++;
      load[j]! += from.slots[i]!;
      if (place(i + 1)) return true;
      count[j]!--;
      load[j]! -= from.slots[i]!;
    }
    return false;
  };
  return place(0);
}

function counts(tile: TrackTile): [number, number] {
  return [tile.junctions.filter((j) => j.type === 'city').length, tile.junctions.filter((j) => j.type === 'town').length];
}

/** Whether `to` may replace `from` by the rule above. */
export function upgradesTo(from: TrackTile, to: TrackTile): boolean {
  if (!nextColour(from.colour, to.colour)) return false;
  if ((from.label ?? '') !== (to.label ?? '')) return false;
  const [fc, ft] = counts(from);
  const [tc, tt] = counts(to);
  if (ft !== tt || tc > fc || (fc > 0 && tc === 0)) return false;
  // Junctions beyond six make the matching costly and do not occur on real upgrade tiles.
  if (from.junctions.length > 6 || to.junctions.length > 6) return false;
  const old = shapeOf(from, 0);
  for (let k = 0; k < 6; k++) {
    const next = shapeOf(to, k);
    if (subset(old.paths, next.paths) && nodesFit(old, next, tc < fc)) return true;
  }
  return false;
}

/** Every inferred upgrade among `tiles`, in tile order (from, then to). */
export function inferUpgrades(tiles: readonly TrackTile[]): Upgrade[] {
  const out: Upgrade[] = [];
  for (const from of tiles) for (const to of tiles) if (from !== to && upgradesTo(from, to)) out.push({ from: from.id, to: to.id });
  return out;
}
