/**
 * A Tiled tileset (.tsx/.tsj with its image) as library raster tiles (issue 13): one tile per
 * tileset tile, its pixels cut from the tileset image (margin and spacing honoured) and
 * encoded as PNG, and each edge labelled from the tileset's first Wang set so the library's
 * fit index (node/store raster-store.ts) can edge-match them as Tiled's Wang tools do.
 *
 * Edge labels: the Wang colours along the edge read in one fixed world direction — left to
 * right on the top and bottom edges, top to bottom on the left and right ones — joined by
 * "/" (corner, edge, corner; a colour index 0 reads "-"). A tile's top edge and the bottom
 * edge of the tile above then carry equal labels exactly when Tiled would let them touch.
 * Because the labels are read in world directions, tiles keep their drawn orientation only
 * (`r0`). Tiles without a Wang entry get "-/-/-" on every edge. Orthogonal tilesets only.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { decode } from 'fast-png';
import { encodePngRgba } from '../../util/png.js';
import { InputError } from '../../util/input-error.js';
import type { TilesetBody } from './tsx.js';
import type { SkippedItem } from '../import-summary.js';

export interface TilesetRasterTile {
  readonly id: string;
  readonly name: string;
  readonly tags: string[];
  readonly shape: 'square';
  readonly width: number;
  readonly height: number;
  readonly image: { readonly mime: 'image/png'; readonly data: Uint8Array };
  /** Top, right, bottom, left. */
  readonly edges: string[];
  readonly orientations: string[];
}

/** Most tiles one tileset gives (a 4096² image of 16 px tiles). */
export const MAX_TILESET_TILES = 65_536;

/** The tileset's tiles, and those past `limit` (MAX_TILESET_TILES) named as skipped (their ids as the library would have them). */
export function tilesetRasterTiles(ts: TilesetBody, png: Uint8Array, source: string, limit = MAX_TILESET_TILES): { tiles: TilesetRasterTile[]; skipped: SkippedItem[] } {
  if (ts.tiles.some((t) => t.image)) throw new InputError(source, 'tileset', 'an image-collection tileset (one image per tile) is not supported; use a tileset with one image');
  if (!ts.image) throw new InputError(source, 'tileset', 'expected an <image> (the tileset picture)');
  let img: ReturnType<typeof decode>;
  try {
    img = decode(png);
  } catch (e) {
    throw new InputError(source, ts.image.source, `expected a PNG image (${(e as Error).message})`);
  }
  const channels = img.channels;
  if (img.depth !== 8 || (channels !== 3 && channels !== 4)) throw new InputError(source, ts.image.source, `expected an 8-bit RGB or RGBA PNG, got ${img.depth}-bit with ${channels} channels`);
  const { tilewidth: w, tileheight: h, margin, spacing } = ts;
  const columns = ts.columns || Math.floor((img.width - 2 * margin + spacing) / (w + spacing));
  const all = ts.tilecount || columns * Math.floor((img.height - 2 * margin + spacing) / (h + spacing));
  const count = Math.min(all, limit);
  const wang = ts.wangsets[0];
  const wangOf = new Map((wang?.wangtiles ?? []).map((t) => [t.tileid, t.wangid]));
  const colour = (k: number) => (k > 0 ? (wang!.colors[k - 1]?.name ?? String(k)) : '-');
  const trans = ts.image.trans ? parseInt(ts.image.trans, 16) : null;
  const stem = ts.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'tileset';
  const out: TilesetRasterTile[] = [];
  for (let id = 0; id < count; id++) {
    const x0 = margin + (id % columns) * (w + spacing);
    const y0 = margin + Math.floor(id / columns) * (h + spacing);
    if (x0 + w > img.width || y0 + h > img.height) throw new InputError(source, ts.image.source, `tile ${id} lies outside the ${img.width}×${img.height} image`);
    const rgba = new Uint8Array(w * h * 4);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = ((y0 + y) * img.width + x0 + x) * channels;
        const o = (y * w + x) * 4;
        const r = img.data[i]!;
        const g = img.data[i + 1]!;
        const b = img.data[i + 2]!;
        rgba[o] = r;
        rgba[o + 1] = g;
        rgba[o + 2] = b;
        rgba[o + 3] = trans !== null && ((r << 16) | (g << 8) | b) === trans ? 0 : channels === 4 ? img.data[i + 3]! : 255;
      }
    }
    const id8 = wangOf.get(id) ?? [0, 0, 0, 0, 0, 0, 0, 0];
    const label = (...k: number[]) => k.map((v) => colour(id8[v]!)).join('/');
    out.push({
      id: `${stem}-${id}`,
      name: `${ts.name} ${id}`,
      tags: ['tiled', stem],
      shape: 'square',
      width: w,
      height: h,
      image: { mime: 'image/png', data: encodePngRgba(w, h, rgba) },
      // wangid: top, top-right, right, bottom-right, bottom, bottom-left, left, top-left.
      edges: [label(7, 0, 1), label(1, 2, 3), label(5, 4, 3), label(7, 6, 5)],
      orientations: ['r0'],
    });
  }
  const skipped: SkippedItem[] = [];
  for (let id = count; id < all; id++) skipped.push({ id: `${stem}-${id}`, reason: `past the ${limit} tiles one tileset may give` });
  return { tiles: out, skipped };
}
