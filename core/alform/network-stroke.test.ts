import { describe, expect, it } from 'vitest';
import { groundChainBreak, NetworkStroke } from './network-stroke.js';
import { TileClass } from './classify.js';
import { tileClasses } from './tile-classes.js';
import { alformGrid } from './alform.testkit.js';
import { createGrid } from '../grid/create.js';
import type { Grid, ModelPoint } from '../grid/types.js';
import { NO_WRAP } from '../grid/types.js';

/** Feeds a stroke samples every `step` model units along the segment a → b. */
function drag(stroke: NetworkStroke, grid: Grid, a: readonly number[], b: readonly number[], step: number): void {
  const n = Math.max(1, Math.ceil(Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!) / step));
  for (let j = 0; j <= n; j++) {
    const p = [a[0]! + ((b[0]! - a[0]!) * j) / n, a[1]! + ((b[1]! - a[1]!) * j) / n] as ModelPoint;
    stroke.add({ tile: grid.pick(p), point: p });
  }
}

describe('NetworkStroke: pointer samples → a chain of ground tiles, centre to centre', () => {
  const cases: [string, Grid, Uint8Array | null][] = [];
  for (const kind of ['hex-rectangle', 'square', 'offset-square'] as const) {
    const al = alformGrid({ kind, width: 12, height: 9 }, NO_WRAP);
    cases.push([`AL-FORM ${kind}`, al, tileClasses(al)]);
    cases.push([`classic ${kind}`, createGrid({ size: { kind, width: 12, height: 9 }, wrap: NO_WRAP }), null]);
  }

  for (const [name, grid, classes] of cases) {
    it(`${name}: a fast drag across the map gives an unbroken chain of area tiles`, () => {
      const first = classes ? classes.indexOf(TileClass.AREA) : 0;
      const last = classes ? classes.lastIndexOf(TileClass.AREA) : grid.tileCount - 1;
      const a = grid.center(first);
      const b = grid.center(last);
      const stroke = new NetworkStroke(grid, classes);
      // Samples three spacings apart: the stroke fills the gaps itself.
      drag(stroke, grid, a, b, grid.spacing() * 3);
      const chain = stroke.tiles;
      expect(chain[0]).toBe(first);
      expect(chain[chain.length - 1]).toBe(last);
      expect(groundChainBreak(grid, classes, chain)).toBe(-1);
      if (classes) for (const t of chain) expect(classes[t]).toBe(TileClass.AREA);
      expect(new Set(chain).size).toBe(chain.length);
    });
  }

  it('going back over the last tiles (a column of hexes) retracts the chain instead of leaving a spur', () => {
    const grid = alformGrid({ kind: 'hex-rectangle', width: 12, height: 9 }, NO_WRAP);
    const classes = tileClasses(grid);
    const stroke = new NetworkStroke(grid, classes);
    const areas = Array.from(classes.keys()).filter((t) => classes[t] === TileClass.AREA);
    const start = areas[0]!;
    const row = areas.filter((t) => Math.abs(grid.center(t)[0] - grid.center(start)[0]) < 1e-9).slice(0, 5);
    for (const t of row) stroke.add({ tile: t, point: grid.center(t) });
    expect(stroke.tiles).toEqual(row);
    stroke.add({ tile: row[2]!, point: grid.center(row[2]!) });
    expect(stroke.tiles).toEqual(row.slice(0, 3));
  });

  it('samples off the map are skipped and a break is reported where a chain is not adjoining', () => {
    const grid = createGrid({ size: { kind: 'hex-rectangle', width: 6, height: 6 }, wrap: NO_WRAP });
    const stroke = new NetworkStroke(grid, null);
    expect(stroke.add({ tile: -1, point: [-50, -50] as ModelPoint })).toBe(false);
    expect(stroke.tiles).toEqual([]);
    expect(groundChainBreak(grid, null, [0, 1, 20])).toBe(2);
  });
});
