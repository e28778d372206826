/**
 * A Tiled tileset made from the terrain catalogue, for exporting a map that was not imported
 * from Tiled (so no tileset of the user's exists): one tile per terrain of the map's palette,
 * filled with the terrain's colour in the shape of the map's cells (square, flat-top
 * hexagon, or pointy-top hexagon for a pointy-top map). Returns the tileset, the reverse mapping for `terrainMapToTiled` and the PNG.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TiledReverseMapping } from './terrain.js';
import type { TiledTileInfo } from './types.js';
import { encodePngRgba } from '../../util/png.js';

export interface TerrainSwatches {
  readonly reverse: TiledReverseMapping;
  readonly png: Uint8Array;
}

/**
 * `colours` holds rgb triples by layer value (compileColours' layout: entry 0 = no terrain);
 * `palette[k]` is the terrain of layer value k + 1 and becomes local tile id k.
 */
export function terrainSwatches(palette: readonly string[], colours: Uint8Array, shape: 'square' | 'hex' | 'pointy-hex', imageSource: string, tileWidth = 32): TerrainSwatches {
  if (palette.length === 0) throw new Error('the map has no terrain to export (its palette is empty)');
  // A pointy-top tile is the flat-top one turned: `tileWidth` becomes its height.
  const across = shape === 'square' ? tileWidth : Math.round((tileWidth * Math.sqrt(3)) / 2);
  const [tw, th] = shape === 'pointy-hex' ? [across, tileWidth] : [tileWidth, across];
  const columns = Math.min(palette.length, 8);
  const rowsOfTiles = Math.ceil(palette.length / columns);
  const width = columns * tw;
  const height = rowsOfTiles * th;
  const rgba = new Uint8Array(width * height * 4);
  const inside = (x: number, y: number): boolean => {
    if (shape === 'square') return true;
    // Flat-top hexagon spanning the cell: |y| ≤ h/2 and the slanted sides (pointy-top: x and y swapped).
    const cx = x + 0.5 - tw / 2;
    const cy = y + 0.5 - th / 2;
    const [along, flat, long] = shape === 'hex' ? [cx, cy, tw] : [cy, cx, th];
    return Math.abs(flat) <= across / 2 && Math.abs(along) <= long / 2 - Math.abs(flat) / Math.sqrt(3);
  };
  palette.forEach((_, k) => {
    const ox = (k % columns) * tw;
    const oy = Math.floor(k / columns) * th;
    const [r, g, b] = [colours[3 * (k + 1)]!, colours[3 * (k + 1) + 1]!, colours[3 * (k + 1) + 2]!];
    for (let y = 0; y < th; y++) {
      for (let x = 0; x < tw; x++) {
        if (!inside(x, y)) continue;
        const p = ((oy + y) * width + ox + x) * 4;
        rgba[p] = r;
        rgba[p + 1] = g;
        rgba[p + 2] = b;
        rgba[p + 3] = 255;
      }
    }
  });
  const tiles: Record<string, number> = {};
  palette.forEach((id, k) => (tiles[id] = k));
  return {
    reverse: {
      tileset: {
        name: 'sandtable-terrain',
        tilewidth: tw,
        tileheight: th,
        tilecount: palette.length,
        columns,
        spacing: 0,
        margin: 0,
        image: { source: imageSource, width, height },
        tiles: palette.map((id, k): TiledTileInfo => ({ id: k, properties: [{ name: 'terrain', type: 'string', value: id }] })),
        wangsets: [],
        properties: [],
      },
      tiles,
    },
    png: encodePngRgba(width, height, rgba),
  };
}
