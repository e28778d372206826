/**
 * Tile numbers as printed wargame and 18xx maps carry them: column then row, each two
 * digits or more, counted from 01 at the top left ("0520" is column 5, row 20). Rows count
 * from the top of the printed map (model y points up, so the top row is the highest y).
 * An AL-FORM map numbers its area tiles as the classic map it stands for (area tile (2x, 2y)
 * is classic tile (x, y), core/alform/transfer.ts), so its numbers match the classic map's.
 * Globes have no printed numbering (null).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import type { TerrainMap } from '../map/terrain-map.js';
import { createGrid } from '../grid/create.js';
import { classicSizeOf } from '../alform/dimensions.js';
import { SquareGrid } from '../grid/square/square-grid.js';
import { ColumnGrid } from '../grid/hex/column-grid.js';
import { HexHexagonGrid } from '../grid/hex/hex-hexagon.js';

/** Column and row (1-based, rows from the top) of a classic tile, or null. */
type ColumnRow = (tile: number) => readonly [number, number] | null;

function columnRow(grid: Grid): { at: ColumnRow; columns: number; rows: number } | null {
  if (grid instanceof SquareGrid) {
    const { width: w, height: h } = grid;
    return { at: (i) => [(i % w) + 1, h - Math.floor(i / w)], columns: w, rows: h };
  }
  if (grid instanceof ColumnGrid) {
    const h = grid.height;
    return { at: (i) => [Math.floor(i / h) + 1, h - (i % h)], columns: grid.width, rows: h };
  }
  if (grid instanceof HexHexagonGrid) {
    const r = grid.radius;
    return {
      at: (i) => {
        const [x, y] = grid.coord(i) as [number, number];
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

/** `tile → "CCRR"` for the tiles that carry a number (classic tiles, AL-FORM area tiles); null for globes. */
export function tileNumbering(map: TerrainMap): ((tile: number) => string | null) | null {
  if (map.grid.modelDimensions !== 2) return null;
  const classic = map.spec.alform ? createGrid({ size: classicSizeOf(map.spec.size, map.spec.wrap), wrap: map.spec.wrap }) : map.grid;
  const cr = columnRow(classic);
  if (!cr) return null;
  const dc = Math.max(2, String(cr.columns).length);
  const dr = Math.max(2, String(cr.rows).length);
  const label = (c: number): string | null => {
    const v = cr.at(c);
    return v ? pad(v[0], dc) + pad(v[1], dr) : null;
  };
  if (!map.spec.alform) return label;
  const grid = map.grid;
  return (tile) => {
    const c = grid.coord(tile);
    if (c.some((v) => v % 2 !== 0)) return null; // a linear tile
    const i = classic.index(c.map((v) => v / 2));
    return i < 0 ? null : label(i);
  };
}
