/**
 * The export formats, one entry each: what the CLI's `export --format`, the app's Export
 * dialog and the `maps.exportFile` contract op offer, and the one function each calls.
 *
 * Adding a format is one line in FORMATS below (and its module): an `ExportFormat` with an
 * id, a label, a file extension, a MIME type, and `render(map, catalogue, options, source)`
 * returning the file's bytes, or the bytes and companion files (sidecars, tiles) that are
 * written beside it (`exportFiles` normalizes both). The raster formats (raster-formats.ts:
 * heightmap, cover, glb) are entries like the pictures.
 *
 * The map-interchange formats (json, tmx, tmj, wesnoth) are not here: they are the native
 * file and Tiled/Wesnoth writers (node/services/export-map.ts), not pictures of the map.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import type { ExportOptions } from './options.js';
import { encodeUtf8 } from '../util/text.js';
import { renderGeoJson } from './geojson.js';
import { renderPdf } from './pdf.js';
import { renderPng } from './png.js';
import { renderSvg } from './svg.js';
import { coverFiles, glbFiles, heightmapFiles, type ExportFiles } from './raster-formats.js';

export type { ExportCompanion, ExportFiles } from './raster-formats.js';

export interface ExportFormat {
  readonly id: string;
  readonly label: string;
  readonly extension: string;
  readonly mime: string;
  /** The file's bytes (and companions). `source` names the map in refusals ("the picture would be …"). */
  render(map: TerrainMap, catalogue: TerrainCatalogue, options: ExportOptions, source: string): Uint8Array | ExportFiles | Promise<Uint8Array | ExportFiles>;
}

/** What a format's render gave, as the main file and its companions. */
export function exportFiles(out: Uint8Array | ExportFiles): ExportFiles {
  return out instanceof Uint8Array ? { bytes: out, companions: [] } : out;
}


export const EXPORT_FORMATS: readonly ExportFormat[] = Object.freeze([
  { id: 'png', label: 'Picture (.png)', extension: 'png', mime: 'image/png', render: (m, c, o, s) => renderPng(m, c, o, s).bytes },
  { id: 'svg', label: 'Vector drawing (.svg)', extension: 'svg', mime: 'image/svg+xml', render: (m, c, o) => encodeUtf8(renderSvg(m, c, o).text) },
  { id: 'pdf', label: 'Print (.pdf)', extension: 'pdf', mime: 'application/pdf', render: async (m, c, o, s) => (await renderPdf(m, c, o, s)).bytes },
  { id: 'geojson', label: 'GeoJSON (.geojson)', extension: 'geojson', mime: 'application/geo+json', render: (m, c, o) => encodeUtf8(JSON.stringify(renderGeoJson(m, c, o))) },
  { id: 'heightmap', label: '16-bit heightmap (.png + .json scale)', extension: 'png', mime: 'image/png', render: heightmapFiles },
  { id: 'cover', label: 'Ground cover, indexed (.png + .json terrains)', extension: 'png', mime: 'image/png', render: coverFiles },
  { id: 'glb', label: '3D model: relief, or the globe (.glb)', extension: 'glb', mime: 'model/gltf-binary', render: glbFiles },
]);

export const EXPORT_FORMAT_IDS: readonly string[] = EXPORT_FORMATS.map((f) => f.id);

export function exportFormat(id: string): ExportFormat | undefined {
  return EXPORT_FORMATS.find((f) => f.id === id);
}
