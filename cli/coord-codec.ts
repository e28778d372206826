/**
 * Reads and writes tile coordinates on the command line in any system a kind supports:
 * the grid's own systems (cartesian, axial120, axial60, cube, latlon) and the forms other
 * tools use (core/coords): Red Blob offset and doubled forms, Tiled staggered, Wesnoth, 18xx.
 */
import type { Grid } from '../core/grid/types.js';
import type { CoordSystem } from '../core/grid/coordinates.js';
import { UsageError } from './io.js';
import { parseCoord } from './args.js';
import { externalForms } from './external-forms.js';

export interface CoordCodec {
  /** Tile index from the text form; throws a UsageError naming `what` if it is bad or off the map. */
  decode(text: string, what: string): number;
  /** The JSON-friendly form of a tile (numbers, or a name for 18xx). */
  encode(tile: number): number[] | string;
}

export function coordSystemsFor(grid: Grid): string[] {
  return [...grid.coordSystems, ...externalForms(grid).map((f) => f.name)];
}

export function coordCodec(grid: Grid, system: string): CoordCodec {
  if ((grid.coordSystems as readonly string[]).includes(system)) {
    const s = system as CoordSystem;
    return {
      decode(text, what) {
        const c = parseCoord(text, what);
        let t: number;
        try {
          t = grid.fromSystem(c, s);
        } catch (e) {
          throw new UsageError(`${what}: ${(e as Error).message}`);
        }
        if (t < 0) throw new UsageError(`${what}: ${system} ${text} is not on this map`);
        return t;
      },
      encode: (tile) => grid.toSystem(tile, s),
    };
  }
  const form = externalForms(grid).find((f) => f.name === system);
  if (!form) throw new UsageError(`--coords must be one of ${coordSystemsFor(grid).join(', ')} for ${grid.kind} maps, got "${system}"`);
  return {
    decode(text, what) {
      try {
        return form.decode(text);
      } catch (e) {
        throw new UsageError(`${what}: ${(e as Error).message}`);
      }
    },
    encode: (tile) => form.encode(tile),
  };
}
