/**
 * `sandtable grid --kind K --size S [--alform] [--wrap x,y] [--json]`: every tile of a grid
 * with its coordinate, neighbours (tile indices in direction order, null off the map) and
 * model-space centre; with --alform also its AL-FORM class and sub-class. The JSON is
 * streamed tile by tile so million-tile globes do not build one giant string.
 */
import type { Io } from '../io.js';
import { GRID_OPTIONS, gridSpecFrom, parse } from '../args.js';
import { UsageError } from '../io.js';
import { createGrid } from '../../core/grid/create.js';
import { formatSize } from '../../core/grid/size.js';
import { classifyTile, TILE_CLASS_NAMES, TileClass } from '../../core/alform/classify.js';

export const gridHelp = 'grid --kind K --size S [--alform] [--wrap x,y] [--json]   list every tile with neighbours and centre';

export function gridCommand(argv: string[], io: Io): number {
  const { values, positionals } = parse('grid', argv, GRID_OPTIONS);
  if (positionals.length) throw new UsageError(`grid: unexpected argument "${positionals[0]}"`);
  const spec = gridSpecFrom('grid', values);
  let grid;
  try {
    grid = createGrid(spec);
  } catch (e) {
    throw new UsageError(`grid: ${(e as Error).message}`);
  }
  const nb = new Int32Array(grid.directions);
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  if (!values.json) {
    io.out(`${grid.kind} ${formatSize(grid.size)}${spec.alform ? ' AL-FORM' : ''}: ${grid.tileCount} tiles, coordinates ${grid.coordSystem}\n`);
    const shown = Math.min(grid.tileCount, 20);
    for (let i = 0; i < shown; i++) {
      const deg = grid.neighbors(i, nb);
      const cls = spec.alform ? ` ${TILE_CLASS_NAMES[classifyTile(grid, i)]}` : '';
      io.out(`${i}\t(${grid.coord(i).join(',')})${cls}\t→ ${Array.from(nb.subarray(0, deg)).join(' ')}\n`);
    }
    if (grid.tileCount > shown) io.out(`… ${grid.tileCount - shown} more (use --json for all)\n`);
    return 0;
  }
  io.out(`{"kind":${JSON.stringify(grid.kind)},"size":${JSON.stringify(formatSize(grid.size))},"alform":${spec.alform},"wrap":${JSON.stringify(grid.wrap)},"tileCount":${grid.tileCount},"tiles":[`);
  let chunk = '';
  for (let i = 0; i < grid.tileCount; i++) {
    const deg = grid.neighbors(i, nb);
    const neighbors = Array.from(nb.subarray(0, deg), (v) => (v < 0 ? null : v));
    const tile: Record<string, unknown> = { coord: grid.coord(i), neighbors, center: grid.center(i).map(round) };
    if (spec.alform) {
      const code = classifyTile(grid, i);
      tile.class = code === TileClass.AREA ? 'area' : 'linear';
      tile.subclass = code === TileClass.AREA ? null : TILE_CLASS_NAMES[code];
    }
    chunk += (i ? ',' : '') + JSON.stringify(tile);
    if (chunk.length > 1 << 16) {
      io.out(chunk);
      chunk = '';
    }
  }
  io.out(`${chunk}]}\n`);
  return 0;
}
