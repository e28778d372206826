/**
 * The raster exports as registry formats (issue 17): a map rasterized (core/raster) to a 16-bit
 * heightmap PNG, an indexed cover PNG, or a .glb (a flat map's relief; the globe as drawn), each with its sidecar JSON (the scale
 * that turns values back into metres and terrains) as a companion file. The heightmap can also
 * be cut into square tiles that all share one minimum and maximum, each with its own sidecar.
 *
 * A terrain map rasterizes through `rasterizeTerrainMap` (flat) or `rasterizeGlobe`
 * (equirectangular); `options.size` is the raster's longest side in cells (default 2048).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import { sightTablesFor } from '../sight/tables.js';
import { rasterizeTerrainMap } from '../raster/terrain-raster.js';
import { rasterizeGlobe } from '../raster/globe-raster.js';
import { MAX_RASTER_SIDE, type Raster } from '../raster/raster.js';
import { encodeUtf8 } from '../util/text.js';
import { ExportOptionError, type ExportOptions } from './options.js';
import { heightmapPng, heightmapTiles } from './heightmap.js';
import { coverPng } from './cover-png.js';
import { terrainGlb } from './gltf.js';
import { globeGlb } from './globe-gltf.js';

/** A file beside the main one: written as `<main file's stem><suffix>`. */
export interface ExportCompanion {
  readonly suffix: string;
  readonly bytes: Uint8Array;
}

/** What a format writes: the main file and its companions (sidecars, tiles). */
export interface ExportFiles {
  readonly bytes: Uint8Array;
  readonly companions: readonly ExportCompanion[];
}

const DEFAULT_RASTER_SIDE = 2048;

/** The map as a raster whose longest side is `options.size` cells. */
export function rasterForExport(map: TerrainMap, catalogue: TerrainCatalogue, options: ExportOptions): Raster {
  const side = options.size ?? DEFAULT_RASTER_SIDE;
  if (side > MAX_RASTER_SIDE) throw new ExportOptionError(`a raster export is at most ${MAX_RASTER_SIDE} cells a side, got ${side}`);
  if (options.region !== undefined) throw new ExportOptionError('raster exports cover the whole map; leave out the region');
  const tables = sightTablesFor(catalogue, map);
  const metresPerTile = options.metresPerTile;
  if (map.spec.kind === 'icosahedron') return rasterizeGlobe(map, tables, { width: side });
  const r = rasterizeTerrainMap(map, tables, { width: side, metresPerTile });
  if (r.height <= side) return r;
  // A tall map: its height is the longest side.
  return rasterizeTerrainMap(map, tables, { width: Math.max(1, Math.floor((side * r.width) / r.height)), metresPerTile });
}

const json = (v: unknown): Uint8Array => encodeUtf8(`${JSON.stringify(v, null, 2)}\n`);

export function heightmapFiles(map: TerrainMap, catalogue: TerrainCatalogue, options: ExportOptions): ExportFiles {
  const r = rasterForExport(map, catalogue, options);
  const whole = heightmapPng(r);
  const companions: ExportCompanion[] = [{ suffix: '.heightmap.json', bytes: json(whole.sidecar) }];
  if (options.tileCells !== undefined) {
    // Every tile on the whole raster's scale, so tiles meet without steps.
    for (const t of heightmapTiles(r, options.tileCells, { min: whole.sidecar.min, max: whole.sidecar.max })) {
      companions.push({ suffix: `-${t.name}.png`, bytes: t.png }, { suffix: `-${t.name}.json`, bytes: json(t.sidecar) });
    }
  }
  return { bytes: whole.png, companions };
}

export function coverFiles(map: TerrainMap, catalogue: TerrainCatalogue, options: ExportOptions): ExportFiles {
  const { png, sidecar } = coverPng(rasterForExport(map, catalogue, options), catalogue);
  return { bytes: png, companions: [{ suffix: '.cover.json', bytes: json(sidecar) }] };
}

/** glTF: a flat map's relief from its heightmap, or the globe as the app draws it; a material per terrain. */
export async function glbFiles(map: TerrainMap, catalogue: TerrainCatalogue, options: ExportOptions): Promise<ExportFiles> {
  if (map.spec.kind === 'icosahedron') {
    if (options.region !== undefined) throw new ExportOptionError('a globe .glb covers the whole globe; leave out the region');
    const { glb, sidecar } = await globeGlb(map, catalogue);
    return { bytes: glb, companions: [{ suffix: '.glb.json', bytes: json(sidecar) }] };
  }
  const { glb, sidecar } = await terrainGlb(rasterForExport(map, catalogue, options), catalogue);
  return { bytes: glb, companions: [{ suffix: '.glb.json', bytes: json(sidecar) }] };
}
