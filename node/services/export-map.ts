/**
 * maps.export: a map as a file the designer downloads — the native JSON (lossless), or a
 * Tiled TMX/TMJ. Area terrain goes in a tile layer; terrain on tile edges and vertices (rivers,
 * roads, bridges) in the "Sandtable linear terrain" object layer (core/formats/tiled/linear.ts);
 * an AL-FORM map is exported as the classic map it stands for, marked so the import converts
 * it back. Terrain becomes tiles of a generated
 * swatch tileset (core/formats/tiled/swatches.ts: a PNG of terrain colours) whose tile k
 * carries the property `terrain` = palette[k] — which is exactly what the Tiled import reads
 * back, so export → import keeps every tile's terrain, edges and vertices included. The CLI's
 * `export` and the app's maps.export both use this.
 *
 * Node (zlib for compressed layers); must not depend on Electron or DOM.
 */
import type { TerrainMap } from '../../core/map/terrain-map.js';
import { mapToJsonText } from '../../core/map/map-json.js';
import type { TerrainCatalogue } from '../../core/terrain/catalogue.js';
import { compileColours } from '../../core/terrain/compiled.js';
import { terrainSwatches } from '../../core/formats/tiled/swatches.js';
import { terrainMapToTiled } from '../../core/formats/tiled/terrain.js';
import { writeTmx } from '../../core/formats/tiled/tmx.js';
import { writeTmj } from '../../core/formats/tiled/tmj.js';
import { encodeBase64 } from '../../core/formats/base64.js';
import { nodeDeflate } from '../formats/inflate.js';

export type ExportFormat = 'json' | 'tmx' | 'tmj';

export interface ExportedFile {
  fileName: string;
  mime: string;
  text: string;
  /** Tiled exports: the terrain tileset image the map refers to (write it beside the map). */
  image?: { fileName: string; mime: 'image/png'; base64: string };
}

/** `name` is the file stem (a map name); the catalogue gives the swatch colours. */
export function exportMap(map: TerrainMap, name: string, format: ExportFormat, catalogue: TerrainCatalogue): ExportedFile {
  const stem = safeFileStem(name);
  if (format === 'json') return { fileName: `${stem}.json`, mime: 'application/json', text: mapToJsonText(map) };
  const imageName = `${stem}-terrain.png`;
  // An AL-FORM map's classic image has the same palette (core/alform/transfer.ts).
  const swatches = terrainSwatches(map.palette, compileColours(catalogue, map.palette), map.spec.kind === 'square' ? 'square' : map.spec.orientation === 'pointy' ? 'pointy-hex' : 'hex', imageName);
  const tiled = terrainMapToTiled(map, swatches.reverse);
  const image = { fileName: imageName, mime: 'image/png' as const, base64: encodeBase64(swatches.png) };
  return format === 'tmx'
    ? { fileName: `${stem}.tmx`, mime: 'application/xml', text: writeTmx(tiled, { deflate: nodeDeflate }), image }
    : { fileName: `${stem}.tmj`, mime: 'application/json', text: writeTmj(tiled, { deflate: nodeDeflate }), image };
}

/** A name usable as a file name on every desktop OS. */
export function safeFileStem(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  const s = name.replace(/[<>:"/\\|?*\u0000-\u001f]+/g, '-').replace(/^[\s.]+|[\s.]+$/g, '').slice(0, 120);
  return s || 'map';
}
