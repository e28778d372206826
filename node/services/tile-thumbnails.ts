/**
 * The services' one drawer of vector tile pictures (issue 13): the library panel's
 * thumbnails (`tiles.thumbnails`) and the placing panel's fitting tiles (`maps.fitting`)
 * are drawn by core (core/vector/thumbnail.ts: fills, strokes and symbols in the catalogue's
 * colours) and cached by the tile's content hash, the size and the catalogue, so a tile
 * edited or a catalogue changed is drawn again and nothing else is.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { createHash } from 'node:crypto';
import type { TerrainCatalogue } from '../../core/terrain/types.js';
import { vectorTileToJson } from '../../core/vector/json.js';
import { thumbnailScene, thumbnailStyle, thumbnailSvg, type ThumbnailStyle } from '../../core/export/thumbnail.js';
import type { VectorTile } from '../../core/vector/types.js';
import { KeyedCache } from './keyed-cache.js';

/** Thumbnails kept in memory (a few KB each). */
const THUMBNAIL_CACHE = 5_000;

interface ThumbKey {
  hash: string;
  size: number;
  catalogue: string;
}

export class TileThumbnails {
  private readonly svgs: KeyedCache<ThumbKey, string>;
  private readonly styles = new WeakMap<TerrainCatalogue, { style: ThumbnailStyle; hash: string }>();
  /** Pictures drawn so far (not taken from the cache): what the tests count. */
  drawn = 0;

  constructor(capacity = THUMBNAIL_CACHE) {
    this.svgs = new KeyedCache<ThumbKey, string>((k) => `${k.catalogue} ${k.size} ${k.hash}`, capacity);
  }

  /** The tile as an SVG `size` pixels a side, in `catalogue`'s colours and symbols. */
  svg(tile: VectorTile, catalogue: TerrainCatalogue, size: number): string {
    const { style, hash } = this.styleOf(catalogue);
    const key = { hash: sha1(JSON.stringify(vectorTileToJson(tile))), size, catalogue: hash };
    return this.svgs.getOrSet(key, () => {
      this.drawn++;
      return thumbnailSvg(thumbnailScene(tile, style, size));
    });
  }

  private styleOf(catalogue: TerrainCatalogue): { style: ThumbnailStyle; hash: string } {
    let s = this.styles.get(catalogue);
    if (!s) this.styles.set(catalogue, (s = { style: thumbnailStyle(catalogue), hash: sha1(JSON.stringify(catalogue)) }));
    return s;
  }
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}
