/**
 * Straightening (seed 004, "Step 5 — Validation Pass": no natural border may keep a straight
 * run longer than 2 tiles), done so that it is guaranteed in one step and reads only a few
 * cells around each one.
 *
 * The plane is cut into TILES, one small shape repeated everywhere (lattice.ts: L-trominoes
 * on square, triads on hex and brick), chosen so that every run window — `window`
 * consecutive edges of any line of any family — contains an edge inside a tile. Every tile
 * whose natural cells disagree gives them one terrain. Afterwards no edge inside a tile is a
 * natural border, so no run window is all border: no run longer than 2 tiles is left,
 * whatever the input. Human-curated cells are never changed and never copied, so their
 * borders stay stark.
 *
 * Why not push cells across runs until none is left (the first version did): a push breaks
 * one run and often makes another; on hex and brick borders, which zig-zag edge by edge,
 * the last runs took a dozen passes, each reading several cells farther, so a window needed
 * a margin of hundreds of cells and still kept a few runs on some seeds. Here a cell's fate
 * depends on its tile and the tile's neighbours only (straightenReach).
 *
 * The tile takes the terrain most of its natural cells hold; a tie goes to the terrain its
 * neighbours outside hold most (the tile joins what surrounds it rather than jutting out),
 * then to a seeded hash. Borders therefore follow tile outlines: at most a cell's shift from
 * where displacement and bands put them.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Box, LatticeGeometry, Plane, RelEdge } from './lattice.js';
import { growBox } from './lattice.js';
import { hash2 } from './noise.js';

/**
 * Passes per lattice. Square: targeted passes, enough for every field the blend makes (and
 * 60 seeds of five-terrain white noise in the tests) to end with no run. Hex and brick: one
 * pass snapping every mixed tile (their borders zig-zag edge by edge, so targeted passes
 * kept a few runs; a triad is a small enough grain on hexagons that copses still vary).
 */
export function straightenPasses(geo: LatticeGeometry): { readonly passes: number; readonly targeted: boolean } {
  return geo.kind === 'square' ? { passes: 5, targeted: true } : { passes: 1, targeted: false };
}

/** Box distance between a cell and the farthest cell its new value depends on, over all passes. */
export function straightenReach(geo: LatticeGeometry): number {
  const { passes, targeted } = straightenPasses(geo);
  return passes * passReach(geo, targeted);
}

/** Box distance one pass reads: a run through the tile's inside edges, and the tile's neighbours. */
function passReach(geo: LatticeGeometry, targeted: boolean): number {
  let reach = 0;
  const note = (u: number, v: number): void => {
    reach = Math.max(reach, Math.abs(u), Math.abs(v));
  };
  // A cell X = anchor + c: the snapped value reads the tile's cells and their neighbours.
  for (const [cu, cv] of geo.tile.cells) {
    for (const [ou, ov] of geo.tile.cells) {
      for (const [du, dv] of [[0, 0] as const, ...geo.dirs]) note(ou - cu + du, ov - cv + dv);
    }
  }
  // Whether the tile snaps reads the edges up to window − 1 steps along each line through an inside edge.
  if (!targeted) return reach;
  for (const [cu, cv] of geo.tile.cells) {
    for (const e of insideEdges(geo)) {
      for (const fam of geo.families) {
        if (!fam.slots.includes(e[2])) continue;
        for (const step of [fam.next, fam.prev]) {
          let [u, v, slot] = e;
          for (let k = 0; k < fam.window; k++) {
            const [su, sv] = geo.slotSteps[slot]!;
            note(u - cu, v - cv);
            note(u + su - cu, v + sv - cv);
            const [du, dv, ns] = step(slot);
            [u, v, slot] = [u + du, v + dv, ns];
          }
        }
      }
    }
  }
  return reach;
}

/** The edges joining two cells of one tile, relative to its anchor. */
function insideEdges(geo: LatticeGeometry): RelEdge[] {
  const cells = geo.tile.cells;
  const out: RelEdge[] = [];
  for (const [cu, cv] of cells) {
    geo.slotSteps.forEach(([su, sv], slot) => {
      if (cells.some(([a, b]) => a === cu + su && b === cv + sv)) out.push([cu, cv, slot]);
    });
  }
  return out;
}

/**
 * Returns `field` with no run window all natural border (a new array; `field` is left as it
 * was). `natural[t]` is 1 for natural terrains; `seeds[t]` is a seed per terrain that
 * depends on its id, never on its index (indices depend on the order a window meets band
 * terrains, and ties must break alike in every window). Exact on `out` when `field` is exact
 * on `out` grown by straightenReach.
 */
export function straighten(plane: Plane, field: Uint8Array, natural: Uint8Array, seeds: readonly number[], out: Box): Uint8Array {
  const { passes, targeted } = straightenPasses(plane.geo);
  const reach = passReach(plane.geo, targeted);
  let current = field;
  for (let pass = passes - 1; pass >= 0; pass--) current = straightenPass(plane, current, natural, seeds, growBox(out, pass * reach), targeted);
  return current;
}

/**
 * One pass: every mixed tile (targeted: every tile with an inside edge on a straight run, a
 * run window all natural border) gives its natural cells one terrain. In a targeted pass,
 * tiles off every run keep their cells, so a copse or a clearing keeps the shape its
 * substitute drew wherever that shape has no long straight side.
 */
function straightenPass(plane: Plane, field: Uint8Array, natural: Uint8Array, seeds: readonly number[], out: Box, targeted: boolean): Uint8Array {
  const { geo, w } = plane;
  const result = field.slice();
  const tile = geo.tile;
  const cells = Int32Array.from(tile.cells, ([du, dv]) => du + dv * w);
  const n = cells.length;
  const outside = outsideOffsets(geo, w);
  const inside = insideEdges(geo);
  const isBorder = (u: number, v: number, slot: number, p: number): boolean => {
    const [su, sv] = geo.slotSteps[slot]!;
    const a = field[p + u + v * w]!;
    const b = field[p + u + su + (v + sv) * w]!;
    return a !== b && natural[a] === 1 && natural[b] === 1;
  };
  /** Whether the inside edge e of the tile at p lies in a run window all border. */
  const onRun = (p: number, e: RelEdge): boolean => {
    if (!isBorder(e[0], e[1], e[2], p)) return false;
    for (const fam of geo.families) {
      if (!fam.slots.includes(e[2])) continue;
      let length = 1;
      for (const step of [fam.next, fam.prev]) {
        let [u, v, slot] = e;
        for (let k = 1; k < fam.window && length < fam.window; k++) {
          const [du, dv, ns] = step(slot);
          [u, v, slot] = [u + du, v + dv, ns];
          if (!isBorder(u, v, slot, p)) break;
          length++;
        }
      }
      if (length >= fam.window) return true;
    }
    return false;
  };
  // A tile's anchor lies at most 1 step before any of its cells (offsets are 0 or 1).
  for (let j = out.j0 - 1; j < out.j1; j++) {
    const v = plane.v0 + j;
    for (let i = out.i0 - 1; i < out.i1; i++) {
      const u = plane.u0 + i;
      if (!tile.isAnchor(u, v)) continue;
      const p = j * w + i;
      let first = 0;
      let mixed = false;
      for (let k = 0; k < n; k++) {
        const t = field[p + cells[k]!]!;
        if (natural[t] !== 1) continue;
        if (first === 0) first = t;
        else if (t !== first) mixed = true;
      }
      if (!mixed || (targeted && !inside.some((e) => onRun(p, e)))) continue;
      const best = snapTerrain(field, natural, seeds, p, cells, outside, u, v);
      for (let k = 0; k < n; k++) if (natural[field[p + cells[k]!]!] === 1) result[p + cells[k]!] = best;
    }
  }
  return result;
}

/** Neighbours of the tile outside it, as offsets from the anchor in a plane `w` cells wide (each listed once). */
function outsideOffsets(geo: LatticeGeometry, w: number): Int32Array {
  const tile = geo.tile;
  const around: number[] = [];
  for (const [cu, cv] of tile.cells) {
    for (const [du, dv] of geo.dirs) {
      const u = cu + du;
      const v = cv + dv;
      if (tile.cells.some(([a, b]) => a === u && b === v)) continue;
      const o = u + v * w;
      if (!around.includes(o)) around.push(o);
    }
  }
  return Int32Array.from(around);
}

/**
 * The natural terrain a mixed tile at p (global anchor u, v) snaps to: the one on most of its
 * cells, then on most of its outside neighbours, then by a hash of its seed and the position.
 */
function snapTerrain(
  field: Uint8Array,
  natural: Uint8Array,
  seeds: readonly number[],
  p: number,
  cells: Int32Array,
  outside: Int32Array,
  u: number,
  v: number,
): number {
  const n = cells.length;
  let best = 0;
  let bestInside = -1;
  let bestOutside = -1;
  let bestHash = -1;
  for (let k = 0; k < n; k++) {
    const t = field[p + cells[k]!]!;
    if (natural[t] !== 1 || t === best) continue;
    let inside = 0;
    for (let m = 0; m < n; m++) if (field[p + cells[m]!] === t) inside++;
    let near = 0;
    for (let m = 0; m < outside.length; m++) if (field[p + outside[m]!] === t) near++;
    const h = hash2(seeds[t]! ^ 0x3b9aca07, u, v);
    if (inside > bestInside || (inside === bestInside && (near > bestOutside || (near === bestOutside && h > bestHash)))) {
      best = t;
      bestInside = inside;
      bestOutside = near;
      bestHash = h;
    }
  }
  return best;
}

/**
 * Counts the run windows that are all natural border (every family; windows starting at an
 * edge of a cell in `box`). Used by tests; the map-level detector is straight-runs.ts.
 */
export function countRunWindows(plane: Plane, field: Uint8Array, natural: Uint8Array, box: Box): number {
  const { geo, w } = plane;
  const isBorder = (p: number, [du, dv, slot]: RelEdge): boolean => {
    const [su, sv] = geo.slotSteps[slot]!;
    const a = field[p + du + dv * w]!;
    const b = field[p + du + su + (dv + sv) * w]!;
    return a !== b && natural[a] === 1 && natural[b] === 1;
  };
  let count = 0;
  for (const fam of geo.families) {
    for (const slot of fam.slots) {
      // The window starting at edge (0, 0, slot).
      const win: RelEdge[] = [[0, 0, slot]];
      while (win.length < fam.window) {
        const [u, v, sl] = win[win.length - 1]!;
        const [du, dv, ns] = fam.next(sl);
        win.push([u + du, v + dv, ns]);
      }
      for (let j = box.j0; j < box.j1; j++) {
        for (let i = box.i0; i < box.i1; i++) {
          const p = j * w + i;
          if (win.every((e) => isBorder(p, e))) count++;
        }
      }
    }
  }
  return count;
}
