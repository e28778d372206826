import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import type { AreaTerrain } from '../terrain/types.js';
import { UV_RANGE } from './area-symbols.js';
import { buildMapGeometry } from './map-geometry.js';
import { defaultCatalogue } from './render.testkit.js';
import { symbolSlot } from './symbol-atlas.js';
import { SYMBOL_PATTERNS, terrainSymbol } from './symbols.js';

const areaTerrains = defaultCatalogue.terrains.filter((t): t is AreaTerrain => t.class === 'area');

/** A classic hex map holding every default area terrain once, in catalogue order. */
function everyTerrainMap(size: { kind: 'hex-rectangle'; width: number; height: number } | { kind: 'icosahedron'; side: number }): TerrainMap {
  const map = TerrainMap.create({ size, palette: areaTerrains.map((t) => t.id) });
  for (let i = 0; i < map.tileCount; i++) map.layers.terrain[i] = 1 + (i % areaTerrains.length);
  return map;
}

const uvOf = (uv: Int8Array, v: number) => [(uv[2 * v]! / 127) * UV_RANGE, (uv[2 * v + 1]! / 127) * UV_RANGE];

describe('terrain symbols on element (A)', () => {
  it('gives every patterned default area terrain its own atlas slot, in its symbol colour', () => {
    const map = everyTerrainMap({ kind: 'hex-rectangle', width: 6, height: 5 });
    const g = buildMapGeometry(map, defaultCatalogue);
    const s = g.symbols;
    const k = g.area.verticesPerPiece;
    let expected = 0;
    for (let p = 0; p < g.area.pieceCount; p++) {
      const t = areaTerrains[g.area.terrain[p]! - 1]!;
      const slot = s.symbol[4 * p * k + 3]!;
      if (terrainSymbol(t)) {
        expected++;
        expect(slot, t.id).toBe(SYMBOL_PATTERNS.indexOf(t.pattern!) + 1);
        const colour = parseInt((t.secondaryColour ?? '#000000').slice(1), 16);
        if (t.secondaryColour) expect([...s.symbol.subarray(4 * p * k, 4 * p * k + 3)]).toEqual([(colour >> 16) & 255, (colour >> 8) & 255, colour & 255]);
      } else expect(slot, t.id).toBe(0);
      // Every vertex of the piece carries the same symbol.
      for (let j = 1; j < k; j++) expect(s.symbol[4 * (p * k + j) + 3]).toBe(slot);
    }
    expect(s.symbolPieces).toBe(expected);
    // Only clear and lake of the 26 default area terrains draw no symbol.
    expect(areaTerrains.filter((t) => !terrainSymbol(t)).map((t) => t.id)).toEqual(['lake', 'clear']);
  });

  it('places a hexagon corner at 2/√3 inradii from its tile centre, upright (north is −v)', () => {
    const map = everyTerrainMap({ kind: 'hex-rectangle', width: 3, height: 3 });
    const g = buildMapGeometry(map, defaultCatalogue);
    const { uv } = g.symbols;
    const k = g.area.verticesPerPiece;
    for (let p = 0; p < g.area.pieceCount; p++) {
      let sumU = 0;
      let sumV = 0;
      for (let j = 0; j < k; j++) {
        const [u, v] = uvOf(uv, p * k + j);
        expect(Math.hypot(u!, v!)).toBeCloseTo(2 / Math.sqrt(3), 1);
        sumU += u!;
        sumV += v!;
        // Model +y (up on screen) is −v in symbol space.
        const y = g.area.positions[3 * (p * k + j) + 1]!;
        const yc = [...Array(k).keys()].reduce((a, i) => a + g.area.positions[3 * (p * k + i) + 1]!, 0) / k;
        if (Math.abs(y - yc) > 1e-3) expect(Math.sign(v!)).toBe(-Math.sign(y - yc));
      }
      expect(Math.abs(sumU / k)).toBeLessThan(0.03);
      expect(Math.abs(sumV / k)).toBeLessThan(0.03);
    }
  });

  it('keeps globe symbols upright: the corner nearest the north pole has the least v', () => {
    const map = everyTerrainMap({ kind: 'icosahedron', side: 4 });
    const g = buildMapGeometry(map, defaultCatalogue);
    const { uv } = g.symbols;
    const k = g.area.verticesPerPiece;
    let checked = 0;
    for (let p = 0; p < g.area.pieceCount; p++) {
      let top = -1;
      let topZ = -Infinity;
      let minV = Infinity;
      for (let j = 0; j < k; j++) {
        const z = g.area.positions[3 * (p * k + j) + 2]!;
        const v = uvOf(uv, p * k + j)[1]!;
        if (z > topZ) [topZ, top] = [z, j];
        minV = Math.min(minV, v);
      }
      const cz = g.area.positions[3 * p * k + 2]!;
      if (Math.abs(cz) > 0.9 * g.radii![0]) continue; // near a pole "north" is ill-defined
      expect(uvOf(uv, p * k + top)[1]!).toBeCloseTo(minV, 1);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('updateTiles rewrites the symbol in place, over the range it reports', () => {
    const map = everyTerrainMap({ kind: 'hex-rectangle', width: 6, height: 5 });
    const g = buildMapGeometry(map, defaultCatalogue);
    const s = g.symbols;
    const k = g.area.verticesPerPiece;
    const tile = 7;
    const before = s.symbolPieces;
    const hadSymbol = s.symbol[4 * g.area.firstPiece[tile]! * k + 3]! > 0;
    map.layers.terrain[tile] = map.terrainIndex('clear');
    const u = g.updateTiles([tile]);
    const p = g.area.firstPiece[tile]!;
    expect(u.area).toEqual({ start: p * k, count: k });
    expect(s.symbol[4 * p * k + 3]).toBe(0);
    expect(s.symbolPieces).toBe(before - (hadSymbol ? 1 : 0));
    map.layers.terrain[tile] = map.terrainIndex('forest');
    g.updateTiles([tile]);
    expect(s.symbol[4 * (p * k + k - 1) + 3]).toBe(symbolSlot('trees'));
    expect(g.symbols).toBe(s);
  });

  it('tells every pair of default area terrains apart: another symbol, or a fill colour ΔE ≥ 10 apart', () => {
    const lab = (hex: string) => {
      const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      const [r, g, b] = c as [number, number, number];
      const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
      const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
      const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
      const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
      return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
    };
    const alike: string[] = [];
    for (let a = 0; a < areaTerrains.length; a++) {
      for (let b = a + 1; b < areaTerrains.length; b++) {
        const ta = areaTerrains[a]!;
        const tb = areaTerrains[b]!;
        const la = lab(ta.colour);
        const lb = lab(tb.colour);
        const dE = Math.hypot(la[0]! - lb[0]!, la[1]! - lb[1]!, la[2]! - lb[2]!);
        if ((ta.pattern ?? '') === (tb.pattern ?? '') && dE < 10) alike.push(`${ta.id}/${tb.id}`);
        // The tans the issue named are also apart by colour alone.
        if (['hills', 'village', 'rough', 'foothills'].includes(ta.id) && ['hills', 'village', 'rough', 'foothills'].includes(tb.id)) expect(dE, `${ta.id}/${tb.id}`).toBeGreaterThan(10);
      }
    }
    expect(alike).toEqual([]);
  });
});
