import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/create.js';
import type { GridSize } from '../grid/types.js';
import { OFFSET_SQUARE } from '../vector/shape.js';
import { OFFSET_ROAD_TILES, ROAD_TILES, RIVER_TILES, allCells, grid, spokeTile } from './assemble.testkit.js';
import { checkAssembly } from './check.js';
import { InstanceLayer } from '../map/instance-layer.js';
import { AssemblyLibrary } from './library.js';
import { assemble } from './solver.js';
import { PROGRESS_EVERY } from './search.js';

const kinds: { size: GridSize; tiles: typeof ROAD_TILES }[] = [
  { size: { kind: 'square', width: 9, height: 7 }, tiles: ROAD_TILES },
  { size: { kind: 'square', width: 6, height: 6 }, tiles: OFFSET_ROAD_TILES },
  { size: { kind: 'offset-square', width: 7, height: 6 }, tiles: [spokeTile('brick-0', OFFSET_SQUARE, 'road', []), spokeTile('brick-03', OFFSET_SQUARE, 'road', [0, 3]), spokeTile('brick-12', OFFSET_SQUARE, 'road', [1, 2]), spokeTile('brick-014', OFFSET_SQUARE, 'road', [0, 1, 4])] },
  { size: { kind: 'hex-rectangle', width: 7, height: 5 }, tiles: RIVER_TILES },
  { size: { kind: 'hex-hexagon', diameter: 7 }, tiles: RIVER_TILES },
  { size: { kind: 'icosahedron', side: 2 }, tiles: RIVER_TILES },
];

describe('assemble on every kind, verified by the independent checker', () => {
  for (const { size, tiles } of kinds) {
    for (const connected of [false, true]) {
      it(`${size.kind} ${JSON.stringify(size)}${connected ? ', connected' : ''}`, () => {
        const g = grid(size);
        const lib = new AssemblyLibrary(tiles);
        const terrain = tiles.flatMap((t) => t.elements.filter((e) => e.kind === 'line').map((e) => e.terrain))[0]!;
        const opts = { boundary: 'closed' as const, ...(connected ? { connectivity: { terrains: [terrain] } } : {}) };
        const r = assemble(new InstanceLayer(g), lib, { seed: 7, ...opts });
        expect(r.ok, r.ok ? '' : r.message).toBe(true);
        if (!r.ok) return;
        expect(checkAssembly(g, r.layer, tiles, { region: allCells(g), ...opts })).toEqual([]);
      });
    }
  }
});

describe('determinism', () => {
  it('the same seed gives the same map, another seed another', () => {
    const g = grid({ kind: 'square', width: 10, height: 10 });
    const lib = new AssemblyLibrary(ROAD_TILES);
    const run = (seed: number) => {
      const r = assemble(new InstanceLayer(g), lib, { seed, connectivity: { terrains: ['road'] } });
      if (!r.ok) throw new Error(r.message);
      return JSON.stringify(r.layer.toJSON());
    };
    expect(run(11)).toBe(run(11));
    expect(run(11)).not.toBe(run(12));
  });

  it('reports progress every PROGRESS_EVERY decisions, rising to every cell at the end, without changing the result', () => {
    const g = grid({ kind: 'square', width: 16, height: 16 });
    const lib = new AssemblyLibrary(ROAD_TILES);
    const seen: [number, number][] = [];
    const quiet = assemble(new InstanceLayer(g), lib, { seed: 3 });
    const told = assemble(new InstanceLayer(g), lib, { seed: 3, region: allCells(g).slice(0, 200), onProgress: (d, n) => seen.push([d, n]) });
    const whole = assemble(new InstanceLayer(g), lib, { seed: 3, onProgress: () => {} });
    if (!quiet.ok || !told.ok || !whole.ok) throw new Error('assembly failed');
    expect(JSON.stringify(whole.layer.toJSON())).toBe(JSON.stringify(quiet.layer.toJSON()));
    expect(seen.length).toBeGreaterThanOrEqual(Math.floor(told.stats.decisions / PROGRESS_EVERY));
    expect(seen.every(([, n]) => n === 200)).toBe(true);
    expect(seen.at(-1)).toEqual([200, 200]);
  });
});

describe('boundary conditions, fixed tiles, counts', () => {
  it('keeps the tiles the user fixed and matches them', () => {
    const g = grid({ kind: 'square', width: 6, height: 6 });
    const lib = new AssemblyLibrary(ROAD_TILES);
    const layer = new InstanceLayer(g);
    layer.set(14, 'cross', 0);
    layer.set(0, 'grass', 0);
    const r = assemble(layer, lib, { seed: 2, boundary: 'closed' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const fixed = [{ cell: 14, tile: 'cross', code: 0 }, { cell: 0, tile: 'grass', code: 0 }];
    expect(checkAssembly(g, r.layer, ROAD_TILES, { region: allCells(g), boundary: 'closed', fixed })).toEqual([]);
    expect(layer.has(1)).toBe(false); // the input is not changed
  });

  it('fills only the region, matching the instances outside it', () => {
    const g = grid({ kind: 'square', width: 8, height: 8 });
    const lib = new AssemblyLibrary(ROAD_TILES);
    const first = assemble(new InstanceLayer(g), lib, { seed: 5 });
    if (!first.ok) throw new Error(first.message);
    const layer = first.layer.clone();
    const region = [18, 19, 20, 26, 27, 28, 34, 35, 36, 43]; // an irregular connected set
    for (const c of region) layer.clear(c);
    const r = assemble(layer, lib, { seed: 99, region });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(checkAssembly(g, r.layer, ROAD_TILES, { region: allCells(g) })).toEqual([]);
    for (let c = 0; c < g.tileCount; c++) if (!region.includes(c)) expect(r.layer.get(c)).toEqual(first.layer.get(c));
  });

  it('respects quantity limits (18xx manifests)', () => {
    const g = grid({ kind: 'square', width: 7, height: 7 });
    const lib = new AssemblyLibrary(ROAD_TILES, { weights: { cross: 20, tee: 10 } });
    const counts = { cross: 2, tee: 3, straight: 8 };
    for (const seed of [1, 2, 3]) {
      const r = assemble(new InstanceLayer(g), lib, { seed, counts, boundary: 'closed' });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(checkAssembly(g, r.layer, ROAD_TILES, { region: allCells(g), counts, boundary: 'closed' })).toEqual([]);
    }
  });

  it('an open boundary on every outer edge', () => {
    const g = grid({ kind: 'square', width: 5, height: 4 });
    const lib = new AssemblyLibrary(ROAD_TILES);
    const r = assemble(new InstanceLayer(g), lib, { seed: 4, boundary: 'open' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(checkAssembly(g, r.layer, ROAD_TILES, { region: allCells(g), boundary: 'open' })).toEqual([]);
  });
});

describe('unsatisfiable inputs', () => {
  it('reports a conflict the boundary alone forces, with the conflicting region', () => {
    const g = grid({ kind: 'square', width: 4, height: 4 });
    const tiles = ROAD_TILES.filter((t) => t.id === 'grass' || t.id === 'straight');
    const r = assemble(new InstanceLayer(g), new AssemblyLibrary(tiles), { seed: 1, boundary: 'open' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toBe('unsatisfiable');
    expect(r.region.length).toBeGreaterThan(0);
    expect(r.region.length).toBeLessThanOrEqual(2);
  });

  it('proves a parity conflict (dominoes on an odd board) by search, within the bound', () => {
    const g = grid({ kind: 'square', width: 3, height: 3 });
    const tiles = ROAD_TILES.filter((t) => t.id === 'end');
    const r = assemble(new InstanceLayer(g), new AssemblyLibrary(tiles), { seed: 1, boundary: 'closed' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toBe('unsatisfiable');
    expect(r.stats.backjumps).toBeGreaterThan(0);
  });

  it('stops at the work bound on a large unsatisfiable board and names a small region', () => {
    const g = grid({ kind: 'square', width: 9, height: 9 });
    const tiles = ROAD_TILES.filter((t) => t.id === 'end');
    const r = assemble(new InstanceLayer(g), new AssemblyLibrary(tiles), { seed: 1, boundary: 'closed', maxWork: 20_000 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(['work-bound', 'unsatisfiable']).toContain(r.reason);
    expect(r.stats.work).toBeLessThan(20_000 + 1_000);
  });

  it('fixed tiles that contradict each other', () => {
    const g = grid({ kind: 'square', width: 5, height: 5 });
    const layer = new InstanceLayer(g);
    layer.set(12, 'cross', 0);
    layer.set(13, 'grass', 0);
    const r = assemble(layer, new AssemblyLibrary(ROAD_TILES), { seed: 1 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toBe('unsatisfiable');
    expect(r.region).toEqual(expect.arrayContaining([12, 13].filter((c) => r.region.includes(c))));
    expect(r.region.some((c) => c === 12 || c === 13)).toBe(true);
  });
});

describe('the globe', () => {
  it('assembles across the 12 pentagons, hexagon tiles warped onto them', () => {
    const g = createGrid({ size: { kind: 'icosahedron', side: 3 } });
    const lib = new AssemblyLibrary(RIVER_TILES);
    const opts = { connectivity: { terrains: ['river'] } };
    const r = assemble(new InstanceLayer(g), lib, { seed: 21, ...opts, region: undefined });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const pentagons = allCells(g).filter((c) => g.isPentagon(c));
    expect(pentagons).toHaveLength(12);
    for (const p of pentagons) expect(r.layer.placement(p)!.pentagonRotation).toBeDefined();
    expect(checkAssembly(g, r.layer, RIVER_TILES, { region: allCells(g), ...opts })).toEqual([]);
  });
});

describe('the choice heuristic', () => {
  it('looks at the cells that changed, not at every cell for every decision', () => {
    const g = grid({ kind: 'square', width: 30, height: 30 });
    const r = assemble(new InstanceLayer(g), new AssemblyLibrary(ROAD_TILES), { seed: 4 });
    expect(r.ok).toBe(true);
    const { decisions, cellsExamined } = r.stats;
    expect(decisions).toBeGreaterThan(100);
    // A scan would look at 900 cells per decision; each decision changes a handful of cells.
    expect(cellsExamined / decisions).toBeLessThan(30);
  });
});
