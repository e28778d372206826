import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/create.js';
import { areaLattice } from './lattice.js';
import { breakStraightRuns, straightRunTiles } from './straight-runs.js';

describe('straight border runs', () => {
  it('finds a ruler-straight border on a square lattice and breaks it', () => {
    const lat = areaLattice(createGrid({ size: { kind: 'square', width: 13, height: 13 }, alform: true }));
    // 7 × 7 area tiles: columns 0–2 land (1), 3–6 water (0): a straight coast 7 tiles long.
    const label = Int32Array.from(lat.tiles, (t) => ((lat.grid.coord(t)[0]! / 2) < 3 ? 1 : 0));
    const before = straightRunTiles(lat, label);
    expect(before.length).toBeGreaterThan(0);
    const changed = breakStraightRuns(lat, label, () => true);
    expect(changed.length).toBeGreaterThan(0);
    expect(straightRunTiles(lat, label)).toEqual([]);
  });

  it('reads a zig-zag-free hex border and respects the allowed changes and exempt tiles', () => {
    const lat = areaLattice(createGrid({ size: { kind: 'hex-rectangle', width: 13, height: 13 }, alform: true }));
    const label = Int32Array.from(lat.tiles, (t) => (lat.grid.coord(t)[1]! / 2 < 3 ? 1 : 0));
    expect(straightRunTiles(lat, label).length).toBeGreaterThan(0);
    // Nothing may change: the runs stay.
    expect(breakStraightRuns(lat, label, () => false)).toEqual([]);
    expect(straightRunTiles(lat, label).length).toBeGreaterThan(0);
    // Every tile exempt (settlements): no run counts.
    expect(straightRunTiles(lat, label, () => true)).toEqual([]);
  });

  it('finds none on a one-label map', () => {
    const lat = areaLattice(createGrid({ size: { kind: 'icosahedron', side: 5 }, alform: true }));
    expect(straightRunTiles(lat, new Int32Array(lat.tiles.length))).toEqual([]);
  });
});
