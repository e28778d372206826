import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { tileClasses } from '../alform/tile-classes.js';
import { renderGeoJson, type GeoJsonCollection } from './geojson.js';
import { sampleMap } from './export.testkit.js';

const catalogue = loadDefaultCatalogue();

/** Shoelace area of a closed ring of [x, y] positions; > 0 is counter-clockwise (x east, y north). */
const area = (ring: number[][]) => ring.slice(1).reduce((s, p, i) => s + ring[i]![0]! * p[1]! - p[0]! * ring[i]![1]!, 0) / 2;

function rfc7946Problems(fc: GeoJsonCollection, lonlat: boolean): string[] {
  const problems: string[] = [];
  const checkPos = (p: number[], where: string) => {
    if (p.length !== 2 || !p.every(Number.isFinite)) problems.push(`${where}: bad position ${JSON.stringify(p)}`);
    if (lonlat && (Math.abs(p[0]!) > 180 || Math.abs(p[1]!) > 90)) problems.push(`${where}: out of range ${JSON.stringify(p)}`);
  };
  fc.features.forEach((f, k) => {
    const g = f.geometry;
    const polys = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
    for (const poly of polys) {
      const ring = poly[0]!;
      if (ring.length < 4) problems.push(`feature ${k}: ring of ${ring.length}`);
      const [a, b] = [ring[0]!, ring[ring.length - 1]!];
      if (a[0] !== b[0] || a[1] !== b[1]) problems.push(`feature ${k}: ring not closed`);
      if (!(area(ring) > 0)) problems.push(`feature ${k}: exterior ring not counter-clockwise`);
      ring.forEach((p) => checkPos(p, `feature ${k}`));
    }
    const lines = g.type === 'LineString' ? [g.coordinates] : g.type === 'MultiLineString' ? g.coordinates : [];
    for (const l of lines) {
      if (l.length < 2) problems.push(`feature ${k}: line of ${l.length}`);
      l.forEach((p) => checkPos(p, `feature ${k}`));
    }
  });
  return problems;
}

describe('GeoJSON export', () => {
  it('writes area tiles as counter-clockwise polygons and linear features as lines, planar CRS named', () => {
    const map = sampleMap(10, 8);
    const fc = renderGeoJson(map, catalogue);
    expect(rfc7946Problems(fc, false)).toEqual([]);
    expect(fc.sandtable.crs).toBe('planar');
    const polys = fc.features.filter((f) => f.geometry.type === 'Polygon');
    expect(polys).toHaveLength(80);
    expect(polys[0]!.properties).toMatchObject({ class: 'area', number: expect.stringMatching(/^\d{4}$/) });
    const lines = fc.features.filter((f) => f.geometry.type === 'LineString');
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines.map((l) => l.properties.terrain))).toContain('river');
    const round = JSON.parse(JSON.stringify(fc));
    expect(round).toEqual(fc);
  });

  it('writes globes in longitude and latitude, cut at the antimeridian, polar tiles reaching ±90', () => {
    const map = TerrainMap.create({ size: { kind: 'icosahedron', side: 9 }, alform: true, palette: ['ocean', 'clear', 'river'] });
    const cls = tileClasses(map.grid);
    for (let i = 0; i < map.tileCount; i++) map.layers.terrain[i] = cls[i] === 0 ? 1 + (i % 2) : i % 5 === 0 ? 3 : 0;
    const fc = renderGeoJson(map, catalogue);
    expect(rfc7946Problems(fc, true)).toEqual([]);
    expect(fc.sandtable.crs).toBe('lonlat');
    const geoms = fc.features.map((f) => f.geometry);
    expect(geoms.some((g) => g.type === 'MultiPolygon')).toBe(true);
    const lats = geoms.flatMap((g) => (g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : []).flatMap((poly) => poly[0]!.map((p) => p[1]!)));
    expect(Math.max(...lats)).toBe(90);
    expect(Math.min(...lats)).toBe(-90);
    // Every area tile is there once.
    let areaTiles = 0;
    for (let i = 0; i < map.tileCount; i++) if (cls[i] === 0) areaTiles++;
    expect(new Set(fc.features.filter((f) => f.properties.class === 'area').map((f) => f.properties.tile)).size).toBe(areaTiles);
  });
});
