import { describe, expect, it } from 'vitest';
import { TileClass, classifyTile } from '../../alform/classify.js';
import { createGrid } from '../../grid/create.js';
import { columnStart } from '../../grid/hex/column-grid.js';
import { mapFromJson, mapToJson } from '../../map/map-json.js';
import { TerrainMap } from '../../map/terrain-map.js';
import { admissibleRatios } from '../geometry/ratios.js';
import { anchor, substituteClasses, substituteOffsets } from '../geometry/substitute-shape.js';
import type { SubstituteLattice } from '../types.js';
import { SUBSTITUTE_LATTICES, latticeKind } from './cells.js';
import { generateSubstitute } from './generate.js';
import { substituteFromMap, substituteMapLayout, substituteToMap } from './substitute-map.js';
import { catalogue } from './substitutes.testkit.js';

/** Can an AL-FORM column map W×H hold the shape with some shift of the anchor's parity? (brute force) */
function columnFits(lattice: SubstituteLattice, ratio: number, width: number, height: number): boolean {
  const kind = latticeKind(lattice);
  const o = substituteOffsets(kind, ratio);
  const [ax, ay] = anchor(kind, ratio);
  for (let sx = ax & 1; sx <= width + ratio; sx += 2) {
    for (let sy = -2 * ratio - 1 - ((ay + 1) & 1); sy <= 2 * ratio + height; sy += 2) {
      if (((sy - ay) & 1) !== 0) continue;
      let ok = true;
      for (let i = 0; i < o.length && ok; i += 2) {
        const x = o[i]! + sx;
        const y = o[i + 1]! + sy;
        const k = y - columnStart('alform', x);
        ok = x >= 0 && x < width && k >= 0 && k < height;
      }
      if (ok) return true;
    }
  }
  return false;
}

const RATIOS: Record<SubstituteLattice, number[]> = { square: [10, 12, 24], 'offset-square': [12, 24], hex: [12, 24] };

describe('substituteMapLayout', () => {
  it('places every substitute tile on a map tile of the same AL-FORM class, in the smallest valid map', () => {
    for (const lattice of SUBSTITUTE_LATTICES) {
      const kind = latticeKind(lattice);
      for (const ratio of admissibleRatios(kind, 24)) {
        const layout = substituteMapLayout(lattice, ratio);
        const { width, height } = layout.size as { width: number; height: number };
        expect(layout.size.kind).toBe(kind);
        expect(width % 2).toBe(1);
        expect(height % 2).toBe(1);
        const grid = createGrid({ size: layout.size, alform: true });
        const classes = substituteClasses(kind, ratio);
        const o = substituteOffsets(kind, ratio);
        expect(new Set(layout.tiles).size).toBe(layout.tiles.length);
        for (let i = 0; i < layout.tiles.length; i++) {
          const t = layout.tiles[i]!;
          expect(grid.coord(t)).toEqual([o[2 * i]! + layout.shift[0], o[2 * i + 1]! + layout.shift[1]]);
          expect(classifyTile(grid, t)).toBe(classes[i]);
          expect(layout.tileOf(o[2 * i]!, o[2 * i + 1]!)).toBe(t);
        }
        expect(layout.tileOf(ratio, ratio)).toBe(-1);
        if (lattice === 'square') {
          expect([width, height]).toEqual([ratio + 1, ratio + 1]);
        } else {
          // No narrower or lower odd-sized AL-FORM map holds the shape.
          expect(columnFits(lattice, ratio, width, height)).toBe(true);
          expect(columnFits(lattice, ratio, width - 2, height)).toBe(false);
          expect(columnFits(lattice, ratio, width, height - 2)).toBe(false);
        }
      }
    }
  });
});

describe('substituteToMap / substituteFromMap', () => {
  it('round-trip every kind of substitute at ratios 10, 12 and 24', () => {
    for (const lattice of SUBSTITUTE_LATTICES) {
      for (const ratio of RATIOS[lattice]) {
        for (const t of catalogue.terrains) {
          const sub = generateSubstitute(catalogue, t.id, lattice, ratio, 11);
          const map = substituteToMap(sub);
          expect(map.spec.alform).toBe(true);
          expect(map.spec.kind).toBe(latticeKind(lattice));
          expect(map.meta.substitute).toEqual({ terrain: t.id, lattice, ratio });
          expect(map.meta.name).toBe(`${t.id} substitute 1:${ratio}`);
          const back = substituteFromMap(map, catalogue);
          expect(back).toEqual(sub);
          // …and through the native map format, as the library stores it.
          expect(substituteFromMap(mapFromJson(JSON.parse(JSON.stringify(mapToJson(map)))), catalogue)).toEqual(sub);
        }
      }
    }
  });

  it('leaves tiles outside the shape empty and puts each cell on its tile', () => {
    const sub = generateSubstitute(catalogue, 'fields', 'hex', 12);
    const map = substituteToMap(sub);
    const layout = substituteMapLayout('hex', 12);
    const inShape = new Set(layout.tiles);
    for (let t = 0; t < map.tileCount; t++) if (!inShape.has(t)) expect(map.layers.terrain[t]).toBe(0);
    layout.tiles.forEach((t, i) => expect(map.terrainAt(t)).toBe(sub.cells[i] === 0 ? '' : sub.palette[sub.cells[i]! - 1]));
  });

  it('drops palette entries an edit left unused', () => {
    const sub = generateSubstitute(catalogue, 'forest', 'square', 10);
    const map = substituteToMap(sub);
    const forest = map.terrainIndex('forest');
    for (let t = 0; t < map.tileCount; t++) if (map.layers.terrain[t] !== 0 && classifyTile(map.grid, t) === TileClass.AREA) map.layers.terrain[t] = forest;
    const back = substituteFromMap(map, catalogue);
    expect(back.palette).not.toContain('clear');
    expect(back.palette).toContain('forest');
  });

  it('names what is wrong with a map that is no substitute', () => {
    const good = () => substituteToMap(generateSubstitute(catalogue, 'forest', 'square', 10));
    const withMeta = (meta: unknown) => {
      const m = good();
      m.meta = { ...m.meta, substitute: meta };
      return m;
    };
    expect(() => substituteFromMap(withMeta(undefined))).toThrow(/meta.substitute must be an object/);
    expect(() => substituteFromMap(withMeta({ terrain: '', lattice: 'square', ratio: 10 }))).toThrow(/meta.substitute.terrain must be a terrain id/);
    expect(() => substituteFromMap(withMeta({ terrain: 'forest', lattice: 'triangle', ratio: 10 }))).toThrow(/lattice must be one of square, offset-square, hex/);
    expect(() => substituteFromMap(withMeta({ terrain: 'forest', lattice: 'square', ratio: 9 }))).toThrow(/ratio must be an admissible square ratio/);
    expect(() => substituteFromMap(withMeta({ terrain: 'forest', lattice: 'square', ratio: 12 }))).toThrow(/must be 13×13 tiles, got 11×11/);
    expect(() => substituteFromMap(withMeta({ terrain: 'forest', lattice: 'hex', ratio: 12 }))).toThrow(/a hex substitute is a hex-rectangle map, got square/);
    expect(() => substituteFromMap(withMeta({ terrain: 'lava', lattice: 'square', ratio: 10 }), catalogue)).toThrow(/terrain "lava" is not in catalogue/);

    const classic = TerrainMap.create({ size: { kind: 'square', width: 11, height: 11 }, meta: { substitute: { terrain: 'forest', lattice: 'square', ratio: 10 } } });
    expect(() => substituteFromMap(classic)).toThrow(/must be an AL-FORM map/);
    const wrapped = TerrainMap.create({ size: { kind: 'square', width: 12, height: 11 }, wrap: { x: true, y: false }, alform: true, meta: { substitute: { terrain: 'forest', lattice: 'square', ratio: 10 } } });
    expect(() => substituteFromMap(wrapped)).toThrow(/must not wrap/);

    // Hex: a corner tile of the rectangle lies outside the hexagon.
    const hex = substituteToMap(generateSubstitute(catalogue, 'forest', 'hex', 12));
    hex.setTerrain(0, 'forest');
    expect(() => substituteFromMap(hex)).toThrow(/tile 0 at \[0,0\] lies outside the substitute's shape and must be empty, but holds "forest"/);

    const areaOnLinear = good();
    const linearTile = areaOnLinear.grid.index([1, 0]);
    areaOnLinear.setTerrain(linearTile, 'forest');
    expect(() => substituteFromMap(areaOnLinear, catalogue)).toThrow(new RegExp(`tile ${linearTile} at \\[1,0\\] is a linear \\(X-EDGE\\) tile but holds area terrain "forest"`));
    expect(() => substituteFromMap(areaOnLinear)).not.toThrow();

    const linearOnArea = good();
    linearOnArea.setTerrain(linearOnArea.grid.index([2, 2]), 'road');
    expect(() => substituteFromMap(linearOnArea, catalogue)).toThrow(/tile \d+ at \[2,2\] is an AREA tile but holds linear terrain "road"/);

    const unknown = good();
    unknown.setTerrain(unknown.grid.index([4, 4]), 'lava');
    expect(() => substituteFromMap(unknown, catalogue)).toThrow(/tile \d+ at \[4,4\] holds "lava", which is not in catalogue/);
  });

  it('refuses a substitute whose cells do not fit its shape', () => {
    const sub = generateSubstitute(catalogue, 'forest', 'square', 10);
    expect(() => substituteToMap({ ...sub, cells: sub.cells.subarray(1) })).toThrow(/has 120 cells; that shape has 121/);
    expect(() => substituteToMap({ ...sub, cells: sub.cells.map(() => 9) })).toThrow(/cell 0 = 9 is not 0 or an index/);
  });
});
