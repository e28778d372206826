/**
 * Upgrades inferred from track (issue 14), for tile sets that carry no upgrade lists — the
 * 18xx.games tile DSL has none (18xx.games decides upgrades by rule, Engine::Tile#upgrades_to?).
 * The rule, as 18xx.games applies it to plain tiles: `to` may replace `from` when
 *
 * - `to` is the next colour (white → yellow → green → brown → gray); a two-colour tile
 *   (`green-brown`) counts as each of its colours, so yellow → green-brown → gray;
 * - both carry the same label (or none);
 * - both have as many cities and as many towns (halts count as towns);
 * - for some rotation of `to`, every route of `from` is still there: each side-to-side path,
 *   and each junction's set of sides (with the junctions matched one to one), keeps or grows
 *   its sides — "same or more paths".
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
  return { paths, nodes };
}

function subset<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean {
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/** True when `from`'s junctions can be matched one to one into `to`'s, each keeping its sides. */
function nodesFit(from: readonly ReadonlySet<string>[], to: readonly ReadonlySet<string>[], used = new Set<number>(), i = 0): boolean {
  if (i === from.length) return true;
  for (let j = 0; j < to.length; j++) {
    if (used.has(j) || !subset(from[i]!, to[j]!)) continue;
    used.add(j);
    if (nodesFit(from, to, used, i + 1)) return true;
    used.delete(j);
  }
  return false;
}

function counts(tile: TrackTile): string {
  const cities = tile.junctions.filter((j) => j.type === 'city').length;
  const towns = tile.junctions.filter((j) => j.type === 'town').length;
  return `${cities}/${towns}`;
}

/** Whether `to` may replace `from` by the rule above. */
export function upgradesTo(from: TrackTile, to: TrackTile): boolean {
  if (!nextColour(from.colour, to.colour)) return false;
  if ((from.label ?? '') !== (to.label ?? '')) return false;
  if (counts(from) !== counts(to)) return false;
  // Junctions beyond four make the matching costly and do not occur on real upgrade tiles.
  if (from.junctions.length > 4 || to.junctions.length > 4) return false;
  const old = shapeOf(from, 0);
  for (let k = 0; k < 6; k++) {
    const next = shapeOf(to, k);
    if (subset(old.paths, next.paths) && nodesFit(old.nodes, next.nodes)) return true;
  }
  return false;
}

/** Every inferred upgrade among `tiles`, in tile order (from, then to). */
export function inferUpgrades(tiles: readonly TrackTile[]): Upgrade[] {
  const out: Upgrade[] = [];
  for (const from of tiles) for (const to of tiles) if (from !== to && upgradesTo(from, to)) out.push({ from: from.id, to: to.id });
  return out;
}
