/**
 * Default substitutes of the human-curated AREA terrains (area-recipes.ts has the natural
 * ones and the table of all): fields and orchards as parcels, each one terrain, with straight
 * hedgerows and walls between; towns and villages as blocks and streets (grid) or houses
 * along winding lanes (organic), by the terrain's catalogue `streets` layout.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { AreaRecipe } from './canvas.js';
import type { Canvas } from './canvas.js';
import { rayExit } from './cells.js';
import { parcelGrid } from './parcels.js';
import { findTerrain } from '../../terrain/lookup.js';

/** Parcels of fields, orchards, blocks: each parcel one terrain, lines between them straight. */
function parcelled(
  spacingK: number,
  fill: (c: Canvas, random: () => number, centroid: [number, number]) => string | undefined,
  line: (c: Canvas, bordersParcels: ReadonlySet<string | undefined>, random: () => number) => string | undefined,
): AreaRecipe {
  return (c) => {
    const grid = parcelGrid(c, Math.max(3, c.ratio / spacingK), 'grid');
    const random = c.random('parcel-fill');
    const sums = Array.from({ length: grid.parcels }, () => [0, 0, 0]);
    for (let i = 0; i < c.cells.count; i++) {
      const p = grid.parcelOf[i]!;
      if (p < 0) continue;
      sums[p]![0]! += c.cells.ux[i]!;
      sums[p]![1]! += c.cells.uy[i]!;
      sums[p]![2]! += 1;
    }
    const centroids = sums.map(([x, y, n]): [number, number] => [x! / n!, y! / n!]);
    let central = 0;
    centroids.forEach(([x, y], p) => {
      if (Math.hypot(x, y) < Math.hypot(...centroids[central]!)) central = p;
    });
    // The middle parcel is always the terrain itself, and so is any parcel whose choices the catalogue lacks.
    const terrainOf = centroids.map((centroid, p) => {
      const id = fill(c, random, centroid);
      return p === central || id === undefined ? c.terrain : id;
    });
    for (let i = 0; i < c.cells.count; i++) {
      const p = grid.parcelOf[i]!;
      if (p >= 0) c.set(i, terrainOf[p]!);
    }
    const lineRandom = c.random('parcel-lines');
    for (const segment of grid.segments) {
      const sides = new Set(c.beside(segment).map((i) => terrainOf[grid.parcelOf[i]!]));
      c.paintChain(segment, line(c, sides, lineRandom));
    }
  };
}

/** One pick among weighted terrains (those the catalogue has) by a random draw. */
function weighted(c: Canvas, random: () => number, options: readonly (readonly [string, number])[]): string | undefined {
  return weightedPicker(c, options)(random());
}

export const fields: AreaRecipe = parcelled(
  3,
  (c, random) => weighted(c, random, [
    ['fields', 0.8],
    ['clear', 0.12],
    ['orchard', 0.08],
  ]),
  (c, _s, random) => (random() < 0.7 ? c.linear('hedgerow') : undefined),
);

export const orchard: AreaRecipe = parcelled(
  2.5,
  (c, random) => weighted(c, random, [
    ['orchard', 0.75],
    ['fields', 0.15],
    ['clear', 0.1],
  ]),
  (c, _s, random) => (random() < 0.5 ? c.linear('hedgerow', 'wall') : undefined),
);

/**
 * Built-up ground (issue "tactical maps that look like ground": "towns and villages as blocks
 * and streets"), by the terrain's catalogue `streets` layout:
 * - grid: straight streets about half a large tile apart cut the substitute into blocks a few
 *   tiles across, every block built up (the terrain itself) but for an open square or two;
 * - organic: a few winding lanes cross the substitute; the houses (the terrain itself) line
 *   them near the middle, gardens and fields (`around`) lie behind.
 * Streets are linear road tiles, so a town reads as blocks and streets, never as single
 * buildings each ringed by road.
 */
function builtUp(around: readonly (readonly [string, number])[], reach: number): AreaRecipe {
  return (c) => {
    const terrain = findTerrain(c.catalogue, c.terrain);
    const layout = terrain?.class === 'area' ? (terrain.streets ?? 'grid') : 'grid';
    const street = c.linear('road');
    if (layout === 'grid') {
      const grid = parcelGrid(c, Math.max(5, c.ratio / 2), 'blocks', true);
      const random = c.random('squares');
      const open = c.area('clear', 'plains');
      // Only whole blocks become squares: a sliver cut off at the substitute's edge stays
      // built up, or it would show as a single open tile where two substitutes meet.
      const size = new Int32Array(grid.parcels);
      for (let i = 0; i < c.cells.count; i++) if (grid.parcelOf[i]! >= 0) size[grid.parcelOf[i]!]!++;
      const fill = Array.from({ length: grid.parcels }, (_, p) => (random() < 0.15 && open !== undefined && size[p]! >= 6 ? open : c.terrain));
      for (let i = 0; i < c.cells.count; i++) {
        const p = grid.parcelOf[i]!;
        if (p >= 0) c.set(i, fill[p]!);
      }
      for (const segment of grid.segments) c.paintChain(segment, street);
      return;
    }
    c.fillArea(c.terrain);
    const random = c.random('lanes');
    const lanes: number[] = [];
    for (let k = 0; k < 2; k++) {
      const a = 2 * Math.PI * random();
      const [x0, y0] = rayExit(c.cells, a);
      const [x1, y1] = rayExit(c.cells, a + Math.PI * (0.8 + 0.4 * random()));
      const chain = c.route(x0, y0, x1, y1, { straight: false, amplitude: 0.12 }, `lane:${k}`, true);
      c.paintChain(chain, street);
      lanes.push(...chain);
    }
    // Houses within two tiles of a lane and `reach` of the middle; the ground behind them.
    const nearLane = new Set<number>();
    for (const i of c.areaCells()) {
      for (const l of lanes) {
        if (Math.hypot(c.cells.ux[i]! - c.cells.ux[l]!, c.cells.uy[i]! - c.cells.uy[l]!) <= 2.2) {
          nearLane.add(i);
          break;
        }
      }
    }
    const behind = weightedPicker(c, around);
    const field = c.field('behind', Math.max(2, c.ratio / 4));
    for (const i of c.areaCells()) {
      const d = Math.hypot(c.cells.ux[i]!, c.cells.uy[i]!);
      // The middle is always built up, so even the smallest substitute shows the terrain itself.
      if ((nearLane.has(i) && d < reach * c.ratio) || d <= 1.5) continue;
      const id = behind(field[i]!);
      if (id !== undefined) c.set(i, id);
    }
  };
}

/** Picks among weighted terrains by a coherent noise value (whole fields, not speckle). */
function weightedPicker(c: Canvas, options: readonly (readonly [string, number])[]): (v: number) => string | undefined {
  const present = options.filter(([id]) => c.has(id, 'area') !== undefined);
  const total = present.reduce((s, [, w]) => s + w, 0);
  return (v: number) => {
    let x = v * total;
    for (const [id, w] of present) {
      x -= w;
      if (x < 0) return id;
    }
    return present[present.length - 1]?.[0];
  };
}

export const urban: AreaRecipe = builtUp([
  ['clear', 0.5],
  ['fields', 0.5],
], 0.45);

export const village: AreaRecipe = builtUp([
  ['fields', 0.6],
  ['clear', 0.4],
], 0.5);
