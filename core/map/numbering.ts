/**
 * Tile numbers a designer chooses per map (stored as `meta.numbering`), drawn on the map, shown
 * in the status bar and printed by the exports — one rule for all of them:
 *
 * - `ccrr`: column then row as printed wargame maps carry them, each two digits or more,
 *   counted from 01 at the top left ("0520" is column 5, row 20). Rows count from the top of
 *   the printed map (model y points up, so the top row is the highest y). Square, offset-square
 *   and both hex kinds. On a pointy-top map the rows are the straight lines of hexes (our grid's
 *   columns, counted down the page) and the column is the place in the row from the left, as
 *   Tiled and VASSAL count them.
 * - `18xx`: letter-number hex names (A1, B2 …) of 18xx boards (core/coords/names-18xx.ts): on
 *   flat-top maps letters name columns (Rails' `tileOrientation="NS"`), on pointy-top maps
 *   letters name rows (`"EW"`); a plain hex rectangle.
 * - `wesnoth`: the Battle for Wesnoth editor's x,y (1-based, the map without its border ring);
 *   flat-top maps only (Wesnoth has no pointy-top maps).
 * - `tiled`: Tiled's col,row (0-based, row 0 at the top): staggered `x`/`odd` on a flat-top hex
 *   rectangle, `y`/`even` on a pointy-top one (the same picture as ours either way),
 *   orthogonal on a square map.
 *
 * An AL-FORM map numbers its area tiles as the classic map it stands for (area tile (2x, 2y)
 * is classic tile (x, y), core/alform/transfer.ts), so its numbers match the classic map's;
 * linear tiles have none. Globes have no numbering (null). A tile a system cannot name (an
 * 18xx edge tile that would need the number −1) gets null.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import { gridOrientation } from '../grid/capabilities.js';
import type { TerrainMap } from './terrain-map.js';
import { createGrid } from '../grid/create.js';
import { classicSizeOf } from '../grid/alform-size.js';
import { SquareGrid } from '../grid/square/square-grid.js';
import { ColumnGrid } from '../grid/hex/column-grid.js';
import { HexHexagonGrid } from '../grid/hex/hex-hexagon.js';
import { coordForm, isPlainHexRectangle } from '../coords/forms.js';
import { NUMBERING_SYSTEMS, type NumberingSystem } from './meta.js';

/** What a designer sees in a menu. */
export const NUMBERING_NAMES: Readonly<Record<NumberingSystem, string>> = {
  ccrr: '0520 column-row',
  '18xx': 'B4 18xx',
  wesnoth: '5,12 Wesnoth',
  tiled: '4,11 Tiled',
};

/** Tile → its label, or null for a tile without one. */
export type TileNumbering = (tile: number) => string | null;

/** Column and row (1-based, rows from the top) of a classic tile, or null. */
type ColumnRow = (tile: number) => readonly [number, number] | null;

function columnRow(grid: Grid): { at: ColumnRow; columns: number; rows: number } | null {
  if (grid instanceof SquareGrid) {
    const { width: w, height: h } = grid;
    return { at: (i) => [(i % w) + 1, h - Math.floor(i / w)], columns: w, rows: h };
  }
  const pointy = gridOrientation(grid) === 'pointy';
  if (grid instanceof ColumnGrid) {
    const h = grid.height;
    // Pointy: our column x is row x + 1 from the top, and k (up the column) runs left to right along it.
    if (pointy) return { at: (i) => [(i % h) + 1, Math.floor(i / h) + 1], columns: h, rows: grid.width };
    return { at: (i) => [Math.floor(i / h) + 1, h - (i % h)], columns: grid.width, rows: h };
  }
  if (grid instanceof HexHexagonGrid) {
    const r = grid.radius;
    if (pointy) {
      return {
        at: (i) => {
          const [x, , z] = grid.coord(i); // cube: the 120° axial y is −z
          return [-z - (x > 0 ? x - r : -r) + 1, x + r + 1];
        },
        columns: 2 * r + 1,
        rows: 2 * r + 1,
      };
    }
    return {
      at: (i) => {
        const [x, y] = grid.coord(i);
        const hi = x < 0 ? x + r : r;
        return [x + r + 1, hi - y + 1];
      },
      columns: 2 * r + 1,
      rows: 2 * r + 1,
    };
  }
  return null;
}

const pad = (v: number, digits: number): string => String(v).padStart(digits, '0');

/** The grid whose tiles carry the numbers: the map's own, or on an AL-FORM map the classic one it stands for. */
function classicGrid(map: TerrainMap): Grid {
  return map.spec.alform ? createGrid({ size: classicSizeOf(map.spec.size, map.spec.wrap), wrap: map.spec.wrap, orientation: map.spec.orientation }) : map.grid;
}

/** A labeller on classic tiles for `system`, or null where the system does not apply to `grid`. */
function classicLabels(grid: Grid, system: NumberingSystem): TileNumbering | null {
  if (system === 'ccrr' || (system === 'tiled' && grid instanceof SquareGrid)) {
    const cr = columnRow(grid);
    if (!cr) return null;
    if (system === 'tiled') return (i) => {
      const v = cr.at(i);
      return v ? `${v[0] - 1},${v[1] - 1}` : null;
    };
    const dc = Math.max(2, String(cr.columns).length);
    const dr = Math.max(2, String(cr.rows).length);
    return (i) => {
      const v = cr.at(i);
      return v ? pad(v[0], dc) + pad(v[1], dr) : null;
    };
  }
  if (!isPlainHexRectangle(grid)) return null;
  const pointy = gridOrientation(grid) === 'pointy';
  if (pointy && system === 'wesnoth') return null;
  const name = system === '18xx' ? (pointy ? '18xx-ew' : '18xx-ns') : system === 'wesnoth' ? 'wesnoth' : pointy ? 'tiled-y-even' : 'tiled-x-odd';
  const form = coordForm(grid, name);
  if (!form) return null;
  return (i) => {
    try {
      const v = form.fromTile(i);
      return typeof v === 'string' ? v : `${v[0]},${v[1]}`;
    } catch {
      return null; // a tile the system cannot name (see header)
    }
  };
}

/** The systems that can number `map` (empty on globes). */
export function numberingSystems(map: TerrainMap): NumberingSystem[] {
  if (map.grid.modelDimensions !== 2) return [];
  const classic = classicGrid(map);
  return NUMBERING_SYSTEMS.filter((s) => classicLabels(classic, s) !== null);
}

/** `tile → label` in `system` for the tiles that carry one; null where the system does not apply (globes, an 18xx name on a square map). */
export function tileNumbering(map: TerrainMap, system: NumberingSystem = 'ccrr'): TileNumbering | null {
  if (map.grid.modelDimensions !== 2) return null;
  const classic = classicGrid(map);
  const label = classicLabels(classic, system);
  if (!label) return null;
  if (!map.spec.alform) return label;
  const grid = map.grid;
  return (tile) => {
    const c = grid.coord(tile);
    if (c.some((v) => v % 2 !== 0)) return null; // a linear tile
    const i = classic.index(c.map((v) => v / 2));
    return i < 0 ? null : label(i);
  };
}

/** The numbering the map's designer chose (`meta.numbering`), if it applies to the map; null for none. */
export function chosenNumbering(map: TerrainMap): NumberingSystem | null {
  const s = map.meta.numbering;
  return s !== undefined && numberingSystems(map).includes(s) ? s : null;
}

/**
 * Gives a new map its grid's usual numbering (the first system that applies: `ccrr` on hex and
 * square maps), so a fresh map shows "0520" numbers without a trip to the Map panel; a globe
 * keeps none. For maps made from nothing only: an imported or derived map keeps what it carried.
 */
export function numberNewMap(map: TerrainMap): TerrainMap {
  const usual = numberingSystems(map)[0];
  if (usual !== undefined && map.meta.numbering === undefined) map.meta.numbering = usual;
  return map;
}
