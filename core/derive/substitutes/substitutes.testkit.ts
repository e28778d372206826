/**
 * Test helpers for substitutes: the default catalogue, a designer's catalogue with terrains
 * no recipe knows, and measurements of a substitute's chains (components, ends, deviation)
 * taken from the cells alone, independently of how the generators route them.
 */
import defaultJson from '../../../resources/terrain/default.json' with { type: 'json' };
import { parseCatalogue } from '../../terrain/parse.js';
import type { Substitute } from '../types.js';
import type { SubstituteCells } from './cells.js';
import { forEachNeighbour, isLinearCell, substituteCells } from './cells.js';

export const catalogue = parseCatalogue(structuredClone(defaultJson), 'default.json');

const rule = (cost: number | 'impassable', playable: boolean) => ({ cost, playable });
const modes = (playable: boolean) => ({ foot: rule(playable ? 1 : 0, playable) });

/** A designer's catalogue: terrains with ids no recipe knows, one variant by prefix, one composite. */
export const designerCatalogue = parseCatalogue(
  {
    format: 'sandtable-terrain-catalogue',
    version: 1,
    name: 'Designer',
    modes: [{ id: 'foot', name: 'Foot' }],
    terrains: [
      { id: 'moor', class: 'area', name: 'Moor', colour: '#806080', humanCurated: false, elevationOffset: 0, height: 0, cover: 0.1, concealment: 0.1, blocksSightThrough: false, movement: modes(true) },
      // An id that is also a property of every JavaScript object: recipe tables must not find it.
      { id: 'constructor', class: 'area', name: 'Works', colour: '#808080', humanCurated: true, elevationOffset: 0, height: 5, cover: 0.5, concealment: 0.5, blocksSightThrough: false, movement: modes(true) },
      { id: 'paddy', class: 'area', name: 'Paddy', colour: '#80c080', humanCurated: true, elevationOffset: 0, height: 0, cover: 0, concealment: 0, blocksSightThrough: false, movement: modes(true) },
      { id: 'ditch', class: 'linear', name: 'Ditch', colour: '#404080', humanCurated: true, elevationOffset: 0, height: 0, cover: 0, concealment: 0, width: 'narrow', blocksSightAcross: false, blocksSightAlong: false, movement: modes(false) },
      { id: 'ditch-culvert', class: 'linear', name: 'Culvert', colour: '#404040', humanCurated: true, elevationOffset: 0, height: 0, cover: 0, concealment: 0, width: 'narrow', blocksSightAcross: false, blocksSightAlong: false, movement: modes(true) },
      { id: 'gully', class: 'linear', name: 'Gully', colour: '#806040', humanCurated: false, elevationOffset: 0, height: 0, cover: 0.2, concealment: 0.2, width: 'narrow', blocksSightAcross: false, blocksSightAlong: false, movement: modes(false) },
      { id: 'causeway', class: 'linear', name: 'Causeway', colour: '#a0a0a0', humanCurated: true, elevationOffset: 0, height: 0, cover: 0, concealment: 0, width: 'narrow', blocksSightAcross: false, blocksSightAlong: false, movement: modes(true) },
      { id: 'crossing', class: 'linear', name: 'Crossing', colour: '#a0a040', humanCurated: true, elevationOffset: 0, height: 0, cover: 0, concealment: 0, width: 'narrow', blocksSightAcross: false, blocksSightAlong: false, movement: modes(true) },
    ],
    transitions: [],
    composites: [{ pair: ['gully', 'causeway'], result: 'crossing' }],
    linearPriority: ['gully', 'ditch', 'ditch-culvert', 'causeway', 'crossing'],
  },
  'designer.json',
);

export function cellsOf(sub: Substitute): SubstituteCells {
  return substituteCells(sub.lattice, sub.ratio);
}

export function idAt(sub: Substitute, i: number): string {
  const v = sub.cells[i]!;
  return v === 0 ? '' : sub.palette[v - 1]!;
}

/** Connected components of the cells `member` accepts, joined by linear steps (square: orthogonal). */
export function components(cells: SubstituteCells, member: (i: number) => boolean): number[][] {
  const seen = new Uint8Array(cells.count);
  const out: number[][] = [];
  for (let s = 0; s < cells.count; s++) {
    if (seen[s] || !member(s)) continue;
    const comp: number[] = [];
    const stack = [s];
    seen[s] = 1;
    while (stack.length > 0) {
      const i = stack.pop()!;
      comp.push(i);
      forEachNeighbour(cells.steps, i, (j) => {
        if (!seen[j] && member(j)) {
          seen[j] = 1;
          stack.push(j);
        }
      });
    }
    out.push(comp.sort((a, b) => a - b));
  }
  return out;
}

/** Does the set hold a shape-boundary cell within one tile of the shape's westmost (side −1) or eastmost (+1) extent? */
export function touchesSide(cells: SubstituteCells, set: readonly number[], side: -1 | 1): boolean {
  let extreme = -Infinity;
  for (let i = 0; i < cells.count; i++) extreme = Math.max(extreme, side * cells.ux[i]!);
  return set.some((i) => cells.boundary[i] === 1 && side * cells.ux[i]! >= extreme - 1 - 1e-9);
}

/** Largest distance of a chain's cells from the straight line through its westmost and eastmost cells. */
export function deviation(cells: SubstituteCells, chain: readonly number[]): number {
  const west = chain.reduce((a, b) => (cells.ux[b]! < cells.ux[a]! ? b : a));
  const east = chain.reduce((a, b) => (cells.ux[b]! > cells.ux[a]! ? b : a));
  const [ax, ay, bx, by] = [cells.ux[west]!, cells.uy[west]!, cells.ux[east]!, cells.uy[east]!];
  const len = Math.hypot(bx - ax, by - ay);
  return Math.max(...chain.map((i) => Math.abs((bx - ax) * (cells.uy[i]! - ay) - (by - ay) * (cells.ux[i]! - ax)) / len));
}

/** Non-zero linear cells of a substitute. */
export function linearCellsWithTerrain(sub: Substitute): number[] {
  const cells = cellsOf(sub);
  const out: number[] = [];
  for (let i = 0; i < cells.count; i++) if (isLinearCell(cells, i) && sub.cells[i] !== 0) out.push(i);
  return out;
}
