/**
 * The cover grid of a raster as an indexed (palette) PNG, encoded with fast-png: pixel value
 * = the map's palette value (0 = no terrain, k = palette[k − 1]), the PNG's palette = the
 * catalogue's terrain colours, so the file is both a picture and the data. Linear features
 * (rivers, walls, hedgerows) are drawn over the ground cover unless asked not to. The sidecar
 * names the terrain of every index.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { encode } from 'fast-png';
import type { Raster } from '../raster/raster.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import { compileColours } from '../terrain/compiled.js';

export const COVER_FORMAT = 'sandtable-cover';

export interface CoverSidecar {
  readonly format: typeof COVER_FORMAT;
  readonly version: 1;
  readonly width: number;
  readonly height: number;
  /** Terrain id of each pixel value; index 0 is no terrain (and off the map). */
  readonly terrains: readonly string[];
  readonly features: boolean;
  readonly cellMetres: number;
}

export interface CoverOptions {
  /** Draw linear features over the cover (default true). */
  readonly features?: boolean;
  /** Colour of index 0 (default "#000000"). */
  readonly emptyColour?: string;
}

export function coverPng(r: Raster, catalogue: TerrainCatalogue, options: CoverOptions = {}): { png: Uint8Array; sidecar: CoverSidecar } {
  const features = options.features ?? true;
  const rgb = compileColours(catalogue, r.palette, options.emptyColour ?? '#000000');
  const palette: number[][] = [];
  for (let k = 0; k <= r.palette.length; k++) palette.push([rgb[3 * k]!, rgb[3 * k + 1]!, rgb[3 * k + 2]!]);
  const data = new Uint8Array(r.width * r.height);
  for (let i = 0; i < data.length; i++) {
    if (!r.inside[i]) continue;
    data[i] = features && r.feature[i] ? r.feature[i]! : r.cover[i]!;
  }
  const png = encode({ width: r.width, height: r.height, data, depth: 8, channels: 1, palette }, { zlib: { level: 1 } });
  return {
    png,
    sidecar: { format: COVER_FORMAT, version: 1, width: r.width, height: r.height, terrains: ['', ...r.palette], features, cellMetres: r.cellMetres },
  };
}
