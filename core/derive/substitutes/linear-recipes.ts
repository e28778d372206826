/**
 * Default substitutes of LINEAR terrains, drawn for the canonical linear tile
 * (core/derive/types.ts): one chain of small linear cells from the middle of the west side
 * (the west corner on hex) to the middle of the east side, meandering for natural terrain
 * and straight for human-curated terrain, with decorations on the area cells beside it
 * (banks, verges) and accents on the chain itself (fords, a bridge, a pass). Every other
 * area cell stays 0: the blend fills it from the neighbouring area substitutes.
 *
 * Variants (a river with a ford, a ridge with a pass) and composites (river + road → river
 * bridge) are their base terrain's chain with the variant in its middle; for a designer's
 * terrain the base is found from the catalogue's composites or an id `<base>-<suffix>`.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Terrain, TerrainCatalogue } from '../../terrain/types.js';
import { findTerrain } from '../../terrain/lookup.js';
import type { Canvas } from './canvas.js';

export interface LinearRecipe {
  /** Terrain of the chain (the base of a variant). */
  readonly chain: string;
  readonly straight: boolean;
  /** Meanders: sideways swing as a fraction of the chain's length. */
  readonly amplitude?: number;
  /** Accent on `cells` consecutive chain cells at the chain's middle (bridge, pass, ramp). */
  readonly middle?: { readonly id: string; readonly cells: number };
  /** One or two single-cell accents at seeded places along the chain (fords). */
  readonly scattered?: string;
  /** Area terrains beside the chain, each on this share of the area cells next to it. */
  readonly beside?: readonly (readonly [id: string, share: number])[];
}

const meandering = (chain: string, amplitude: number, extra: Partial<LinearRecipe> = {}): LinearRecipe => ({ chain, straight: false, amplitude, ...extra });
const straight = (chain: string, extra: Partial<LinearRecipe> = {}): LinearRecipe => ({ chain, straight: true, ...extra });

const RIVER_BANKS = [
  ['marsh-edge', 0.3],
  ['clear', 0.2],
] as const;
const VERGES = [['clear', 1]] as const;

/** Recipes for the default catalogue's linear terrains (resources/terrain/default.json). */
export const LINEAR_RECIPES: Readonly<Record<string, LinearRecipe>> = {
  river: meandering('river', 0.22, { scattered: 'river-ford', beside: RIVER_BANKS }),
  'river-ford': meandering('river', 0.22, { middle: { id: 'river-ford', cells: 2 }, beside: [['clear', 0.3]] }),
  'river-bridge': meandering('river', 0.18, { middle: { id: 'river-bridge', cells: 1 }, beside: RIVER_BANKS }),
  'river-cataract': meandering('river', 0.12, { middle: { id: 'river-cataract', cells: 3 }, beside: [['rocky', 0.3]] }),
  'rail-bridge': meandering('river', 0.18, { middle: { id: 'rail-bridge', cells: 1 }, beside: RIVER_BANKS }),
  canal: straight('canal', { beside: [['clear', 0.5]] }),
  'canal-bridge': straight('canal', { middle: { id: 'canal-bridge', cells: 1 }, beside: [['clear', 0.5]] }),
  stream: meandering('stream', 0.22, { beside: [['marsh-edge', 0.15]] }),
  wall: straight('wall'),
  hedgerow: straight('hedgerow'),
  'tree-line': meandering('tree-line', 0.08),
  ridge: meandering('ridge', 0.15, { beside: [['rough', 0.2]] }),
  'ridge-pass': meandering('ridge', 0.15, { middle: { id: 'ridge-pass', cells: 2 }, beside: [['rough', 0.2]] }),
  escarpment: meandering('escarpment', 0.12, { beside: [['rocky', 0.2]] }),
  'escarpment-ramp': meandering('escarpment', 0.12, { middle: { id: 'escarpment-ramp', cells: 2 }, beside: [['rocky', 0.2]] }),
  cliff: meandering('cliff', 0.1, { beside: [['rocky', 0.3]] }),
  beach: meandering('beach', 0.1, { beside: [['sand', 0.4]] }),
  slope: meandering('slope', 0.12),
  berm: straight('berm'),
  road: straight('road', { beside: VERGES }),
  railroad: straight('railroad', { beside: VERGES }),
  'level-crossing': straight('railroad', { middle: { id: 'level-crossing', cells: 1 }, beside: VERGES }),
  crossroads: straight('road', { middle: { id: 'crossroads', cells: 1 }, beside: VERGES }),
  trail: meandering('trail', 0.12),
};

/** Meander of a terrain with no recipe of its own. */
const DEFAULT_AMPLITUDE = 0.15;

/**
 * The recipe for a linear terrain: its own, or for a variant its base's chain with the
 * variant in the middle, or a plain chain (straight when human-curated).
 */
export function linearRecipe(catalogue: TerrainCatalogue, terrain: Terrain): LinearRecipe {
  const own = recipeOf(terrain.id);
  if (own !== undefined && findTerrain(catalogue, own.chain)?.class === 'linear') return own;
  const base = baseOf(catalogue, terrain.id);
  if (base !== undefined) {
    const b = recipeOf(base.id);
    const style = b !== undefined && b.chain === base.id ? b : plain(base);
    return { chain: base.id, straight: style.straight, amplitude: style.amplitude, beside: style.beside, middle: { id: terrain.id, cells: 1 } };
  }
  return plain(terrain);
}

/** Own-property lookup, so a designer's id such as "constructor" finds nothing. */
function recipeOf(id: string): LinearRecipe | undefined {
  return Object.hasOwn(LINEAR_RECIPES, id) ? LINEAR_RECIPES[id] : undefined;
}

function plain(t: Terrain): LinearRecipe {
  return t.humanCurated ? straight(t.id) : meandering(t.id, DEFAULT_AMPLITUDE);
}

/** The linear terrain a variant is drawn on: the first of a composite that yields it, or the prefix of `<base>-<suffix>`. */
function baseOf(catalogue: TerrainCatalogue, id: string): Terrain | undefined {
  for (const { pair, result } of catalogue.composites) {
    if (result === id && pair[0] !== id && pair[1] !== id) {
      const t = findTerrain(catalogue, pair[0]);
      if (t?.class === 'linear') return t;
    }
  }
  for (let k = id.lastIndexOf('-'); k > 0; k = id.lastIndexOf('-', k - 1)) {
    const t = findTerrain(catalogue, id.slice(0, k));
    if (t?.class === 'linear') return t;
  }
  return undefined;
}

/** Paints a linear terrain's substitute from its recipe. */
export function paintLinear(c: Canvas, recipe: LinearRecipe): void {
  const cells = c.cells;
  const [wx, wy] = cells.west;
  const [ex, ey] = cells.east;
  const chain = c.route(wx, wy, ex, ey, { straight: recipe.straight, amplitude: recipe.amplitude }, 'main', true);
  c.paintChain(chain, recipe.chain);
  // Decorations first take their share of the cells beside the chain, in order.
  let free = c.beside(chain);
  for (const [id, share] of recipe.beside ?? []) {
    const taken = new Set(c.patches(c.area(id), share, 2, `beside:${id}`, free));
    free = free.filter((i) => !taken.has(i));
  }
  const middle = recipe.middle;
  if (middle !== undefined && c.linear(middle.id) !== undefined) {
    let centre = 0;
    for (let k = 1; k < chain.length; k++) if (Math.abs(cells.ux[chain[k]!]!) < Math.abs(cells.ux[chain[centre]!]!)) centre = k;
    const first = Math.max(0, Math.min(chain.length - middle.cells, centre - Math.floor((middle.cells - 1) / 2)));
    c.paintChain(chain.subarray(first, first + middle.cells), middle.id);
  }
  const scattered = recipe.scattered !== undefined ? c.linear(recipe.scattered) : undefined;
  if (scattered !== undefined && chain.length >= 5) {
    // One or two fords, away from the ends (where the next tile's river continues) and apart.
    const random = c.random('scattered');
    const count = random() < 0.5 ? 1 : 2;
    const lo = Math.ceil(0.2 * (chain.length - 1));
    const hi = Math.floor(0.8 * (chain.length - 1));
    const picked: number[] = [];
    for (let attempt = 0; attempt < 20 && picked.length < count; attempt++) {
      const k = lo + Math.floor(random() * (hi - lo + 1));
      if (picked.every((p) => Math.abs(p - k) >= 2)) picked.push(k);
    }
    for (const k of picked) c.set(chain[k]!, scattered);
  }
}
