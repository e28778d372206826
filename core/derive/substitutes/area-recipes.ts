/**
 * Default substitutes of AREA terrains: what a strategic tile of forest, hills, fields…
 * looks like at tactical scale. Each recipe fills the area cells with the terrain itself,
 * breaks it up with patches of related terrain (clearings, rough ground, ponds), and may
 * lay linear features on linear cells (tree lines, ridges, streams, hedgerows, streets).
 * Natural features meander; human-curated ones (fields, orchards, towns) are straight
 * lines and stark parcels. Every terrain a recipe names is looked up in the catalogue and
 * simply left out when the catalogue lacks it, so a designer's catalogue never gets ids it
 * does not define. Sizes scale with the ratio (patch sizes and line spacing are fractions
 * of it), so a substitute looks alike at 1:10 and 1:24. The natural recipes are here; the
 * human-curated ones (parcels, towns) are curated-recipes.ts's.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { AreaRecipe, Canvas } from './canvas.js';
import { rayExit } from './cells.js';
import { fields, orchard, urban, village } from './curated-recipes.js';

/** Patch size for features that should be about 1/k of the substitute across (at least 2 tiles). */
const across = (c: Canvas, k: number): number => Math.max(2, c.ratio / k);

/**
 * Linear features inside an area substitute: `count` chains of about `length` × ratio,
 * centred near the middle at seeded positions and angles.
 */
function innerChains(c: Canvas, id: string | undefined, count: number, length: number, amplitude: number, salt: string): void {
  if (id === undefined) return;
  const random = c.random(`chains:${salt}`);
  const r = c.ratio;
  for (let k = 0; k < count; k++) {
    const angle = Math.PI * random();
    const cx = (random() - 0.5) * 0.5 * r;
    const cy = (random() - 0.5) * 0.5 * r;
    const half = (length * r * (0.8 + 0.4 * random())) / 2;
    const ex = Math.cos(angle) * half;
    const ey = Math.sin(angle) * half;
    const chain = c.route(cx - ex, cy - ey, cx + ex, cy + ey, { straight: false, amplitude }, `${salt}:${k}`);
    c.paintChain(chain, id);
  }
}

/** `count` meandering chains crossing the whole substitute near its middle (streams through a marsh). */
function crossingChains(c: Canvas, id: string | undefined, count: number, amplitude: number, salt: string): void {
  if (id === undefined) return;
  const random = c.random(`crossing:${salt}`);
  for (let k = 0; k < count; k++) {
    // Ends on the boundary roughly opposite each other, so the chain crosses rather than hugs an edge.
    const a = 2 * Math.PI * random();
    const b = a + Math.PI * (0.85 + 0.3 * random());
    const [x0, y0] = rayExit(c.cells, a);
    const [x1, y1] = rayExit(c.cells, b);
    c.paintChain(c.route(x0, y0, x1, y1, { straight: false, amplitude }, `${salt}:${k}`, true), id);
  }
}

/**
 * Copses, clearings and knolls (issue 15: "clearings, copses, knolls rather than speckle",
 * varying in shape and size): per [terrain, chance, least size, most size, salt], with that
 * chance this drawing has one such patch, of a seeded size, grown at a seeded place away from
 * the substitute's rim (where neighbouring substitutes overlap and would cut it). The
 * sizes scale with the substitute's area, so a copse looks alike at 1:10 and 1:24.
 */
function features(c: Canvas, list: readonly (readonly [string | undefined, number, number, number, string])[], within: readonly number[] = c.areaCells()): number[] {
  const random = c.random('features');
  const inner = within.filter((i) => c.cells.boundary[i] === 0);
  // Area of one large tile in area cells, against the 1:10 square substitute's 25.
  const scale = Math.max(1, c.areaCells().length / 36);
  const out: number[] = [];
  for (const [id, chance, least, most, salt] of list) {
    const roll = random();
    const size = Math.round((least + (most - least) * random()) * scale);
    const k = Math.floor(random() * inner.length);
    if (id === undefined || roll >= chance || inner.length === 0) continue;
    // A later patch keeps a tile's width from earlier ones, so two never merge into one shape with a straight side.
    const free = inner.filter((i) => out.every((j) => Math.hypot(c.cells.ux[i]! - c.cells.ux[j]!, c.cells.uy[i]! - c.cells.uy[j]!) > 2.9));
    const at = inner[k]!;
    out.push(...c.grow(id, size, c.cells.ux[at]!, c.cells.uy[at]!, salt, free));
  }
  return out;
}

/** Forest and jungle: the canopy, clearings, and tree lines along part of the clearings' edges. */
function woodland(base: string, clearingShare: number, extra: (c: Canvas) => void): AreaRecipe {
  return (c) => {
    c.fillArea(base);
    const clear = c.area('clear', 'plains', 'rough');
    const clearings = new Set(features(c, [[clear, clearingShare, 3, 6, 'clearing']]));
    extra(c);
    const treeLine = c.linear('tree-line');
    if (treeLine !== undefined && clearings.size > 0) {
      const edge = c.borderOf((i) => clearings.has(i) && c.get(i) === clear);
      // Coherent noise picks runs of the edge, not isolated cells; streams keep their cells.
      const f = c.field('tree-lines', 2);
      for (const i of edge) if (f[i]! > 0.45 && c.get(i) === '') c.set(i, treeLine);
    }
  };
}

/** A base terrain with patches of others: [terrain ids (first the catalogue has), share, feature size as 1/k of the ratio]. */
function textured(base: string, layers: readonly (readonly [readonly string[], number, number])[]): AreaRecipe {
  return (c) => {
    c.fillArea(base);
    layers.forEach(([ids, share, k], n) => c.patches(c.area(...ids), share, across(c, k), `layer${n}`, c.areaCells(), 3, true));
  };
}

/**
 * Hills as a cluster (issue "tactical maps that look like ground": "hills as clusters with
 * ridgelines and valleys"): a crest ridgeline across most of the substitute, a spur off it
 * (not on square, where it would read as a fence's T),
 * and on the other side a valley — a brook parallel to the crest, kept inside the substitute
 * (a stream cut where two substitutes meet would read as blue specks). Broken ground (rough, a rocky top) clusters
 * along the crest rather than scattering. The crest and the valley lie a third of the
 * substitute apart, so a stream never crosses a ridge. Below 1:8 there is room for the
 * crest alone. Variants (generate.ts) give each hill its own crest line and valley.
 */
const hills: AreaRecipe = (c) => {
  c.fillArea('hills');
  const ridge = c.linear('ridge');
  const random = c.random('hill-cluster');
  const r = c.ratio;
  const angle = Math.PI * random();
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
  const [nx, ny] = [-dy, dx];
  const side = random() < 0.5 ? -1 : 1;
  const off = (random() - 0.5) * 0.3 * r;
  const half = 0.4 * r;
  const [cx, cy] = [nx * off, ny * off];
  // On the square lattice a chain runs in orthogonal steps, so a spur reads as a fence's T.
  const square = c.cells.lattice === 'square';
  const crest = square ? sideToSide(c, random) : c.route(cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half, { straight: false, amplitude: 0.1 }, 'crest');
  const ridges: number[] = [...crest];
  if (r >= 8 && !square) {
    // A spur leaves a crest cell a little off its middle, toward the side away from the valley.
    const from = crest[Math.floor(crest.length * (0.35 + 0.3 * random()))]!;
    const [sx, sy] = [c.cells.ux[from]!, c.cells.uy[from]!];
    const turn = (Math.PI / 3) * (random() < 0.5 ? 1 : 2);
    const [ex, ey] = [Math.cos(angle + side * turn), Math.sin(angle + side * turn)];
    const len = 0.3 * r;
    ridges.push(...c.route(sx, sy, sx + ex * len, sy + ey * len, { straight: false, amplitude: 0.1 }, 'spur'));
  }
  c.paintChain(ridges, ridge);
  // Broken ground along the crest: area cells within reach of it.
  const nearCrest = c.areaCells().filter((i) => crest.some((k) => Math.hypot(c.cells.ux[i]! - c.cells.ux[k]!, c.cells.uy[i]! - c.cells.uy[k]!) <= 1.8));
  // Broken ground along the crest: a knoll of rough ground in most drawings, rocks in some.
  features(
    c,
    [
      [c.area('rough'), 0.7, 3, 5, 'crest-rough'],
      [c.area('rocky'), 0.25, 3, 3, 'crest-rocky'],
    ],
    nearCrest,
  );
  // Not every hill has its brook: one in about three drawings (on square, where the crest
  // crosses from side to side, there is no valley clear of it).
  if (r >= 8 && !square && random() < 0.35) {
    const v = off - side * 0.38 * r;
    const [vx, vy] = [nx * v, ny * v];
    const reach = 0.35 * r;
    const valley = c.route(vx - dx * reach, vy - dy * reach, vx + dx * reach, vy + dy * reach, { straight: false, amplitude: 0.08 }, 'valley');
    c.paintChain(valley, c.linear('stream'));
  }
};

/**
 * Square hills' crest (issue 15: ridgelines unbroken across large tiles): from the middle of
 * one side of the substitute to the middle of the opposite side (or, in a third of the
 * drawings, of a side beside it), meandering between short straight ends. The ends lie on the
 * rim where the band between two large tiles continues a ridge straight across
 * (core/derive/sources.ts), so the crests of neighbouring hills join into one ridgeline
 * whichever way each drawing is turned.
 */
function sideToSide(c: Canvas, random: () => number): Int32Array {
  const h = c.ratio / 2;
  const sides = [
    [1, 0],
    [0, 1],
    [-1, 0],
    [0, -1],
  ] as const;
  const a = Math.floor(random() * 4);
  const b = (a + (random() < 0.67 ? 2 : random() < 0.5 ? 1 : 3)) % 4;
  const stub = Math.max(1, Math.round(c.ratio / 5));
  const [ax, ay] = sides[a]!;
  const [bx, by] = sides[b]!;
  const parts = [
    c.route(ax * h, ay * h, ax * (h - stub), ay * (h - stub), { straight: true }, 'crest-a', false),
    c.route(ax * (h - stub), ay * (h - stub), bx * (h - stub), by * (h - stub), { straight: false, amplitude: 0.12 }, 'crest'),
    c.route(bx * (h - stub), by * (h - stub), bx * h, by * h, { straight: true }, 'crest-b', false),
  ];
  const out: number[] = [];
  for (const part of parts) for (const i of part) if (out[out.length - 1] !== i) out.push(i);
  return Int32Array.from(out);
}

/** Recipes for the default catalogue's area terrains (resources/terrain/default.json). */
export const AREA_RECIPES: Readonly<Record<string, AreaRecipe>> = {
  ocean: textured('ocean', []),
  'coastal-ocean': textured('coastal-ocean', []),
  lake: textured('lake', []),
  // Uniform ground derives to mostly itself (at least 90 % of its area tiles): a few
  // copses, knolls and clearings a few tiles across, never speckle.
  clear: (c) => {
    c.fillArea('clear');
    features(c, [
      [c.area('forest'), 0.75, 3, 7, 'copse'],
      [c.area('rough'), 0.45, 3, 5, 'knoll'],
    ]);
  },
  plains: textured('plains', [
    [['clear'], 0.1, 4],
    [['rough'], 0.06, 5],
    [['forest'], 0.04, 6],
  ]),
  rough: textured('rough', [
    [['rocky'], 0.1, 5],
    [['clear'], 0.1, 4],
  ]),
  rocky: (c) => {
    textured('rocky', [
      [['rough'], 0.15, 4],
      [['clear'], 0.03, 8],
    ])(c);
    innerChains(c, c.linear('escarpment'), 1, 0.35, 0.1, 'escarpment');
  },
  orchard,
  swamp: (c) => {
    textured('swamp', [[['marsh'], 0.15, 4]])(c);
    // A pond in every drawing, a few tiles across.
    features(c, [[c.area('lake'), 1, 3, 5, 'pond']]);
    crossingChains(c, c.linear('stream'), c.ratio >= 10 ? 2 : 1, 0.2, 'streams');
  },
  marsh: (c) => {
    textured('marsh', [[['swamp'], 0.06, 5]])(c);
    features(c, [[c.area('lake'), 0.6, 3, 5, 'pond']]);
    crossingChains(c, c.linear('stream'), c.ratio >= 10 ? 2 : 1, 0.2, 'streams');
  },
  sand: textured('sand', [
    [['rough'], 0.08, 6],
    [['rocky'], 0.03, 8],
  ]),
  forest: woodland('forest', 0.75, () => undefined),
  jungle: woodland('jungle', 0.9, (c) => {
    c.patches(c.area('forest'), 0.08, across(c, 4), 'forest');
    crossingChains(c, c.linear('stream'), 1, 0.2, 'stream');
  }),
  hills,
  mountains: (c) => {
    textured('mountains', [[['rocky'], 0.2, 4]])(c);
    innerChains(c, c.linear('ridge'), c.ratio >= 10 ? 3 : 1, 0.6, 0.12, 'ridges');
    innerChains(c, c.linear('cliff'), 1, 0.3, 0.08, 'cliff');
  },
  badlands: (c) => {
    textured('badlands', [
      [['rough'], 0.15, 4],
      [['rocky'], 0.1, 5],
    ])(c);
    innerChains(c, c.linear('escarpment'), c.ratio >= 10 ? 2 : 1, 0.4, 0.12, 'escarpments');
  },
  urban,
  village,
  fields,
  tundra: textured('tundra', [
    [['marsh'], 0.1, 4],
    [['lake'], 0.04, 6],
    [['rocky'], 0.04, 8],
  ]),
  glacier: textured('glacier', [[['rocky'], 0.08, 5]]),
  // Transition bands: mostly themselves, with a little of what they lie between.
  'forest-edge': textured('forest-edge', [
    [['forest'], 0.12, 5],
    [['clear', 'plains'], 0.12, 5],
  ]),
  foothills: textured('foothills', [
    [['hills'], 0.12, 5],
    [['rough'], 0.1, 5],
  ]),
  'tidal-flat': textured('tidal-flat', [
    [['marsh'], 0.08, 5],
    [['sand'], 0.06, 6],
  ]),
  'marsh-edge': textured('marsh-edge', [
    [['marsh'], 0.12, 5],
    [['clear', 'plains'], 0.1, 5],
  ]),
};

/** A terrain with no recipe (a designer's own): itself on every area cell. */
export function plainArea(terrain: string): AreaRecipe {
  return (c) => c.fillArea(terrain);
}
