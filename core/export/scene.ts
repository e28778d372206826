/**
 * What every picture export draws, computed once from the map and its catalogue and handed
 * to the PNG rasterizer, the SVG writer, the PDF writer and GeoJSON alike, so the four agree
 * tile for tile. The shapes are the app's own (core/render, SPEC §5): (A) area polygons as
 * they are drawn on screen; (B) linear features as strokes along the spines of the render
 * strips (apex to apex, chained into polylines per terrain), with the strip's width; spurs
 * and square hubs of (B) as small filled polygons. Flat maps stay in model units (y up, one
 * TILE-SPACING = 1); globes are projected equirectangularly to degrees (lonlat.ts).
 *
 * A region keeps what meets the box of two corner tiles, so a region export costs what it
 * shows, not the whole map.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import type { Terrain, TerrainCatalogue } from '../terrain/types.js';
import { resolvePalette } from '../terrain/compiled.js';
import { buildMapGeometry } from '../render/map-geometry.js';
import { buildNetworkDrawing, type NetworkDrawing } from '../render/network-drawing.js';
import type { MeshBuffers } from '../render/pieces.js';
import { PieceRole } from '../render/pieces.js';
import { lonShifts, projectRing, toLonLat } from './lonlat.js';
import { networksOnLonLat } from './network-lonlat.js';
import { chosenNumbering, tileNumbering } from '../map/numbering.js';
import type { SceneMapLabel } from './map-labels.js';
import { sceneMapLabels } from './map-labels.js';

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A rectangle of the map: the box round two corner tiles (tile indices). */
export interface ExportRegion {
  readonly from: number;
  readonly to: number;
}

/** Polygons packed flat: polygon k is xy[2·start[k] … 2·start[k+1]). Clockwise on flat maps as drawn (y up). */
export interface PolygonSet {
  readonly count: number;
  readonly terrain: Uint8Array;
  readonly tile: Int32Array;
  readonly start: Uint32Array;
  readonly xy: Float64Array;
}

export interface SceneLine {
  /** Palette index. */
  readonly terrain: number;
  /** x, y pairs. */
  readonly xy: number[];
}

export interface SceneLabel {
  readonly x: number;
  readonly y: number;
  readonly text: string;
  /** Palette index of the tile it numbers (writers pick light ink on dark tiles). */
  readonly terrain: number;
}

export interface LegendEntry {
  readonly index: number;
  readonly terrain: Terrain;
}

export interface ExportScene {
  readonly title: string;
  /** `plane`: model units, y up. `lonlat`: degrees (x longitude, y latitude). */
  readonly frame: 'plane' | 'lonlat';
  /** What the picture shows (the region, or the whole map). */
  readonly bounds: Box;
  /** Across-flats size of an area tile in scene units (sets symbol, label and line scales). */
  readonly areaAcross: number;
  readonly areas: PolygonSet;
  /** Linear spurs and square hubs, filled in their terrain's colour. */
  readonly fills: PolygonSet;
  /** Linear features, widest first so narrow roads draw over rivers. */
  readonly lines: readonly SceneLine[];
  /** Stroke width of each palette index's linear feature, in scene units. */
  readonly lineWidth: Float64Array;
  /** Through-tile networks (roads, railroads centre to centre, bridges, crossings: core/render network-drawing.ts) in scene units: a globe's projected to degrees (network-lonlat.ts). */
  readonly networks: NetworkDrawing;
  /** Terrain of each palette index (index 0, "no terrain", is null). */
  readonly terrains: readonly (Terrain | null)[];
  /** Terrains present in the exported part, areas first (empty tiles, terrain 0, are in `areas` but not here). */
  readonly legend: readonly LegendEntry[];
  /** Tile numbers at their print positions (flat maps; empty for globes). */
  labels(): SceneLabel[];
  /** The map's own labels — place names, hex labels, river names, notes (map-labels.ts; lon/lat degrees on a globe). */
  readonly mapLabels: readonly SceneMapLabel[];
}

export interface SceneOptions {
  readonly region?: ExportRegion;
  /** Globes: repeat polygons that cross the antimeridian on the other side (drawings); GeoJSON cuts instead. */
  readonly wrapCopies?: boolean;
}

const DEG = 180 / Math.PI;

export function buildExportScene(map: TerrainMap, catalogue: TerrainCatalogue, options: SceneOptions = {}): ExportScene {
  const geo = buildMapGeometry(map, catalogue);
  const globe = geo.radii !== null;
  const wrapCopies = globe && (options.wrapCopies ?? true);
  const terrains: (Terrain | null)[] = [null, ...resolvePalette(catalogue, map.palette)];
  // One TILE-SPACING in scene units; an AL-FORM area tile is two spacings across (SPEC §5 (A)).
  const spacing = globe ? (geo.spacing / geo.radii![0]) * DEG : geo.spacing;
  const areaAcross = spacing * (map.spec.alform ? 2 : 1);
  const lineWidth = new Float64Array(terrains.length);
  for (let t = 0; t < terrains.length; t++) lineWidth[t] = 2 * geo.palette.halfWidth[t]! * spacing * (map.spec.alform ? 1 : 0.5);

  const full = globe ? { x0: -180, y0: -90, x1: 180, y1: 90 } : meshBounds(geo.area);
  const bounds = options.region ? regionBox(map, geo.area, options.region, globe) : full;
  // Keep what meets the box, with a tile of slack so strokes and symbols at the edge draw whole.
  const keep = { x0: bounds.x0 - areaAcross, y0: bounds.y0 - areaAcross, x1: bounds.x1 + areaAcross, y1: bounds.y1 + areaAcross };

  // Empty area tiles stay in (terrain 0): the grid and numbers show the whole map, as a blank printed hex map does.
  const areas = polygons(geo.area, globe, wrapCopies, keep, () => true, true);
  const fills = polygons(geo.linear, globe, wrapCopies, keep, (role) => role !== PieceRole.POLYGON, false);
  const lines = chainSpines(geo.linear, globe, keep, lineWidth, wrapCopies);
  // Globes: the networks projected to degrees as the rest of the picture is (network-lonlat.ts).
  const drawn = buildNetworkDrawing(map, catalogue);
  const networks = globe ? networksOnLonLat(drawn, wrapCopies) : drawn;

  const used = new Uint8Array(terrains.length);
  for (let k = 0; k < areas.count; k++) used[areas.terrain[k]!] = 1;
  used[0] = 0;
  for (let k = 0; k < fills.count; k++) used[fills.terrain[k]!] = 1;
  for (const l of lines) used[l.terrain] = 1;
  if (networks.dims === 2) for (const l of networks.lines) used[l.kind] = 1;
  const legend: LegendEntry[] = [];
  for (const cls of ['area', 'linear'] as const) {
    for (let t = 1; t < terrains.length; t++) if (used[t] && terrains[t]!.class === cls) legend.push({ index: t, terrain: terrains[t]! });
  }

  const numbering = tileNumbering(map, chosenNumbering(map) ?? 'ccrr');
  const labels = (): SceneLabel[] => {
    if (!numbering) return [];
    const out: SceneLabel[] = [];
    const seen = new Set<number>();
    for (let k = 0; k < areas.count; k++) {
      const tile = areas.tile[k]!;
      if (seen.has(tile)) continue;
      seen.add(tile);
      const text = numbering(tile);
      if (text === null) continue;
      const [cx, cy] = map.grid.center(tile) as [number, number];
      if (cx < bounds.x0 || cx > bounds.x1 || cy < bounds.y0 || cy > bounds.y1) continue;
      // Near the top edge, as printed hex maps carry them, clear of the centre's symbol.
      out.push({ x: cx, y: cy + areaAcross * 0.3, text, terrain: areas.terrain[k]! });
    }
    return out;
  };

  const mapLabels = sceneMapLabels(map, bounds);
  return { title: map.meta.name ?? 'map', frame: globe ? 'lonlat' : 'plane', bounds, areaAcross, areas, fills, lines, lineWidth, networks, terrains, legend, labels, mapLabels };
}

function meshBounds(mesh: MeshBuffers): Box {
  const b = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  const k = mesh.verticesPerPiece;
  for (let p = 0; p < mesh.pieceCount; p++) {
    if (mesh.owner[p]! < 0) continue;
    for (let v = p * k; v < (p + 1) * k; v++) grow(b, mesh.positions[3 * v]!, mesh.positions[3 * v + 1]!);
  }
  return b.x0 <= b.x1 ? b : { x0: 0, y0: 0, x1: 1, y1: 1 };
}

function grow(b: Box, x: number, y: number): void {
  if (x < b.x0) b.x0 = x;
  if (x > b.x1) b.x1 = x;
  if (y < b.y0) b.y0 = y;
  if (y > b.y1) b.y1 = y;
}

function regionBox(map: TerrainMap, area: MeshBuffers, region: ExportRegion, globe: boolean): Box {
  const b = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  const k = area.verticesPerPiece;
  for (const tile of [region.from, region.to]) {
    if (!Number.isInteger(tile) || tile < 0 || tile >= map.grid.tileCount) throw new RangeError(`region: tile ${tile} is not on the map`);
    let p = area.firstPiece[tile] ?? -1;
    if (p < 0) {
      const c = map.grid.center(tile);
      if (globe) {
        const ll = [0, 0];
        toLonLat(c[0]!, c[1]!, c[2]!, ll);
        grow(b, ll[0]!, ll[1]!);
      } else grow(b, c[0]!, c[1]!);
    }
    for (; p >= 0; p = area.nextPiece[p]!) {
      if (globe) {
        const ring = projectRing(area.positions, 3 * p * k, k);
        for (let i = 0; i < ring.length; i += 2) grow(b, ring[i]!, ring[i + 1]!);
      } else for (let v = p * k; v < (p + 1) * k; v++) grow(b, area.positions[3 * v]!, area.positions[3 * v + 1]!);
    }
  }
  return b;
}

const meets = (b: Box, x0: number, y0: number, x1: number, y1: number): boolean => x1 >= b.x0 && x0 <= b.x1 && y1 >= b.y0 && y0 <= b.y1;

function polygons(mesh: MeshBuffers, globe: boolean, wrapCopies: boolean, keep: Box, roleOk: (role: number) => boolean, keepEmpty: boolean): PolygonSet {
  const k = mesh.verticesPerPiece;
  const terrain: number[] = [];
  const tile: number[] = [];
  const start: number[] = [0];
  const xy: number[] = [];
  const pos = mesh.positions;
  const add = (ring: ArrayLike<number>, from: number, to: number, shift: number, t: number, owner: number) => {
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let i = from; i < to; i += 2) {
      const x = ring[i]! + shift;
      const y = ring[i + 1]!;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    if (!meets(keep, x0, y0, x1, y1)) return;
    const before = xy.length;
    for (let i = from; i < to; i += 2) {
      const x = ring[i]! + shift;
      const y = ring[i + 1]!;
      const n = xy.length;
      // Short polygons repeat their last vertex (pieces.ts): drop repeats.
      if (n > before && xy[n - 2] === x && xy[n - 1] === y) continue;
      xy.push(x, y);
    }
    if (xy.length - before >= 4 && xy[before] === xy[xy.length - 2] && xy[before + 1] === xy[xy.length - 1]) xy.length -= 2;
    if (xy.length - before < 6) {
      xy.length = before;
      return;
    }
    terrain.push(t);
    tile.push(owner);
    start.push(xy.length / 2);
  };
  for (let p = 0; p < mesh.pieceCount; p++) {
    const owner = mesh.owner[p]!;
    const t = mesh.terrain[p]!;
    if (owner < 0 || (t === 0 && !keepEmpty) || !roleOk(mesh.role[p]!)) continue;
    if (!globe) {
      const ring = new Float64Array(2 * k);
      for (let v = 0; v < k; v++) {
        ring[2 * v] = pos[3 * (p * k + v)]!;
        ring[2 * v + 1] = pos[3 * (p * k + v) + 1]!;
      }
      add(ring, 0, 2 * k, 0, t, owner);
      continue;
    }
    const ring = projectRing(pos, 3 * p * k, k);
    add(ring, 0, ring.length, 0, t, owner);
    if (wrapCopies) for (const s of lonShifts(ring, 0, ring.length)) add(ring, 0, ring.length, s, t, owner);
  }
  return { count: terrain.length, terrain: Uint8Array.from(terrain), tile: Int32Array.from(tile), start: Uint32Array.from(start), xy: Float64Array.from(xy) };
}

/**
 * Strip spines (vertex 1 to vertex 4 of a strip: the apexes of its two ends, linear-flat.ts)
 * chained into polylines where strips of one terrain meet end to end.
 */
function chainSpines(mesh: MeshBuffers, globe: boolean, keep: Box, lineWidth: Float64Array, wrapCopies: boolean): SceneLine[] {
  const k = mesh.verticesPerPiece;
  const pos = mesh.positions;
  const segs: number[] = []; // x0 y0 x1 y1 terrain
  const ll = [0, 0, 0, 0];
  for (let p = 0; p < mesh.pieceCount; p++) {
    const t = mesh.terrain[p]!;
    if (mesh.owner[p]! < 0 || t === 0 || mesh.role[p] !== PieceRole.POLYGON) continue;
    const a = 3 * (p * k + 1);
    const b = 3 * (p * k + 4);
    let x0 = pos[a]!;
    let y0 = pos[a + 1]!;
    let x1 = pos[b]!;
    let y1 = pos[b + 1]!;
    if (globe) {
      toLonLat(pos[a]!, pos[a + 1]!, pos[a + 2]!, ll, 0);
      toLonLat(pos[b]!, pos[b + 1]!, pos[b + 2]!, ll, 2);
      [x0, y0, x1, y1] = ll as [number, number, number, number];
      if (x1 - x0 > 180) x1 -= 360;
      else if (x0 - x1 > 180) x1 += 360;
    }
    if (!meets(keep, Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)) && !(globe && wrapCopies)) continue;
    segs.push(x0, y0, x1, y1, t);
  }
  const lines = chain(segs);
  if (globe && wrapCopies) {
    const extra: SceneLine[] = [];
    for (const l of lines) for (const s of lonShifts(l.xy, 0, l.xy.length)) extra.push({ terrain: l.terrain, xy: l.xy.map((v, i) => (i % 2 ? v : v + s)) });
    lines.push(...extra);
  }
  // Widest first: rivers under roads.
  return lines.sort((a, b) => lineWidth[b.terrain]! - lineWidth[a.terrain]!);
}

/** Joins segments of one terrain that share an end into polylines (ends compared after rounding). */
function chain(segs: number[]): SceneLine[] {
  const n = segs.length / 5;
  const key = (x: number, y: number, t: number) => `${t}:${Math.round(x * 1e5)},${Math.round(y * 1e5)}`;
  const at = new Map<string, number[]>();
  for (let s = 0; s < n; s++) {
    for (const e of [0, 1]) {
      const k = key(segs[5 * s + 2 * e]!, segs[5 * s + 2 * e + 1]!, segs[5 * s + 4]!);
      const list = at.get(k);
      if (list) list.push(2 * s + e);
      else at.set(k, [2 * s + e]);
    }
  }
  const used = new Uint8Array(n);
  const out: SceneLine[] = [];
  // Walks from end `e` of segment s onwards through ends met by exactly one other segment.
  const extend = (s: number, e: number, xy: number[]) => {
    for (;;) {
      const other = 1 - e;
      const x = segs[5 * s + 2 * other]!;
      const y = segs[5 * s + 2 * other + 1]!;
      const list = at.get(key(x, y, segs[5 * s + 4]!))!;
      if (list.length !== 2) return;
      const next = list[0]! >> 1 === s ? list[1]! : list[0]!;
      const ns = next >> 1;
      if (used[ns]) return;
      used[ns] = 1;
      const ne = next & 1;
      xy.push(segs[5 * ns + 2 * (1 - ne)]!, segs[5 * ns + 2 * (1 - ne) + 1]!);
      s = ns;
      e = ne;
    }
  };
  for (let s = 0; s < n; s++) {
    if (used[s]) continue;
    used[s] = 1;
    const fwd: number[] = [segs[5 * s]!, segs[5 * s + 1]!, segs[5 * s + 2]!, segs[5 * s + 3]!];
    extend(s, 0, fwd);
    const back: number[] = [];
    extend(s, 1, back);
    const xy: number[] = [];
    for (let i = back.length - 2; i >= 0; i -= 2) xy.push(back[i]!, back[i + 1]!);
    xy.push(...fwd);
    out.push({ terrain: segs[5 * s + 4]!, xy });
  }
  return out;
}
