/**
 * GeoJSON (RFC 7946) of a map: one Polygon Feature per drawn area tile (exterior ring
 * counter-clockwise, closed; properties from the catalogue: terrain id, name, class,
 * colour, movement-free facts such as cover and height, the tile's index, number and
 * elevation) and one LineString Feature per chained linear feature (rivers, roads, walls).
 *
 * Coordinates:
 * - globes: longitude, latitude in degrees (WGS 84 as RFC 7946 says, the globe taken as the
 *   sphere); polygons and lines that cross the antimeridian are cut there (§3.1.9) into
 *   MultiPolygons / MultiLineStrings; a polar tile is the band to ±90°;
 * - flat maps: planar model coordinates, x east and y north, one unit = one TILE-SPACING
 *   (an area tile of an AL-FORM map is 2 units across, a classic tile 1). RFC 7946 has no
 *   CRS member; the top-level foreign member `sandtable.crs` says "planar" so readers (and
 *   QGIS users) know not to take them for degrees (FMG's pixel-coordinate pitfall, #942).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import type { ExportOptions } from './options.js';
import { checkExportOptions } from './options.js';
import { clipRingLon } from './lonlat.js';
import { chosenNumbering, tileNumbering } from '../map/numbering.js';
import { buildExportScene } from './scene.js';
import { reverseRing, ringArea } from '../render/software-raster.js';

type Position = [number, number];
type Geometry =
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] };

export interface GeoJsonFeature {
  type: 'Feature';
  geometry: Geometry;
  properties: Record<string, string | number | boolean | null>;
}

export interface GeoJsonCollection {
  type: 'FeatureCollection';
  bbox: [number, number, number, number];
  sandtable: { map: string; kind: string; alform: boolean; crs: 'lonlat' | 'planar'; unit: string };
  features: GeoJsonFeature[];
}

export function renderGeoJson(map: TerrainMap, catalogue: TerrainCatalogue, options: ExportOptions = {}): GeoJsonCollection {
  const o = checkExportOptions(options);
  const scene = buildExportScene(map, catalogue, { region: o.region, wrapCopies: false });
  const globe = scene.frame === 'lonlat';
  const digits = globe ? 1e6 : 1e4;
  const r = (v: number) => Math.round(v * digits) / digits;
  const numbering = tileNumbering(map, chosenNumbering(map) ?? 'ccrr');
  const elevation = map.layers.elevation;
  const features: GeoJsonFeature[] = [];
  const props = (t: number) => {
    const terrain = scene.terrains[t]!;
    return { terrain: terrain.id, name: terrain.name, class: terrain.class, colour: terrain.colour, cover: terrain.cover, height: terrain.height };
  };
  const { areas } = scene;
  for (let k = 0; k < areas.count; k++) {
    if (areas.terrain[k] === 0) continue; // no terrain: nothing to describe
    const ring: number[] = Array.from(areas.xy.subarray(2 * areas.start[k]!, 2 * areas.start[k + 1]!));
    // Counter-clockwise exterior rings (RFC 7946 §3.1.6): the render polygons are clockwise.
    if (ringArea(ring) < 0) reverseRing(ring);
    const parts = globe ? cutAtAntimeridian(ring) : [ring];
    const rings = parts.map((p) => closed(p, r));
    const tile = areas.tile[k]!;
    const geometry: Geometry = rings.length === 1 ? { type: 'Polygon', coordinates: [rings[0]!] } : { type: 'MultiPolygon', coordinates: rings.map((x) => [x]) };
    features.push({
      type: 'Feature',
      geometry,
      properties: { ...props(areas.terrain[k]!), tile, number: numbering?.(tile) ?? null, elevation: elevation ? elevation[tile]! : null },
    });
  }
  for (const line of scene.lines) {
    const parts = globe ? cutLineAtAntimeridian(line.xy) : [line.xy];
    const coords = parts.map((p) => positions(p, r)).filter((p) => p.length >= 2);
    if (!coords.length) continue;
    const geometry: Geometry = coords.length === 1 ? { type: 'LineString', coordinates: coords[0]! } : { type: 'MultiLineString', coordinates: coords };
    features.push({ type: 'Feature', geometry, properties: props(line.terrain) });
  }
  const b = scene.bounds;
  return {
    type: 'FeatureCollection',
    bbox: [r(b.x0), r(b.y0), r(b.x1), r(b.y1)],
    sandtable: { map: scene.title, kind: map.spec.kind, alform: map.spec.alform, crs: globe ? 'lonlat' : 'planar', unit: globe ? 'degree' : 'tile-spacing' },
    features,
  };
}


function positions(xy: readonly number[], r: (v: number) => number): Position[] {
  const out: Position[] = [];
  for (let i = 0; i + 1 < xy.length; i += 2) {
    const p: Position = [r(xy[i]!), r(xy[i + 1]!)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

function closed(ring: readonly number[], r: (v: number) => number): Position[] {
  const out = positions(ring, r);
  if (out.length && (out[0]![0] !== out[out.length - 1]![0] || out[0]![1] !== out[out.length - 1]![1])) out.push([out[0]![0], out[0]![1]]);
  return out;
}

/** The parts of an unwrapped lon/lat ring inside [−180, 180], the overhang shifted back round. */
function cutAtAntimeridian(ring: number[]): number[][] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < ring.length; i += 2) {
    lo = Math.min(lo, ring[i]!);
    hi = Math.max(hi, ring[i]!);
  }
  const shift = lo < -180 ? 360 : hi > 180 ? -360 : 0;
  if (shift === 0 && hi - lo <= 360) return [ring];
  const parts = [clipRingLon(ring, -180, 180), clipRingLon(ring.map((v, i) => (i % 2 ? v : v + shift)), -180, 180)];
  return parts.filter((p) => p.length >= 6 && Math.abs(ringArea(p)) > 1e-12);
}

/** A polyline in unwrapped longitudes, cut where it passes ±180 (each part back in range). */
function cutLineAtAntimeridian(xy: readonly number[]): number[][] {
  const parts: number[][] = [];
  const norm = (x: number) => x - 360 * Math.floor((x + 180) / 360);
  let cur: number[] = [];
  let period = Math.floor((xy[0]! + 180) / 360);
  for (let i = 0; i + 1 < xy.length; i += 2) {
    const x = xy[i]!;
    const y = xy[i + 1]!;
    const p = Math.floor((x + 180) / 360);
    if (p !== period && cur.length) {
      const px = xy[i - 2]!;
      const py = xy[i - 1]!;
      const edge = (p > period ? 180 : -180) + 360 * period;
      const t = (edge - px) / (x - px);
      const ey = py + t * (y - py);
      cur.push(p > period ? 180 : -180, ey);
      parts.push(cur);
      cur = [p > period ? -180 : 180, ey];
      period = p;
    }
    cur.push(norm(x), y);
  }
  if (cur.length >= 4) parts.push(cur);
  return parts;
}
