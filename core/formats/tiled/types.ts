/**
 * The Tiled (mapeditor.org) map model that the TMX and TMJ readers produce and the writers
 * consume: the subset of Tiled that describes tiles on a grid — map geometry, tilesets
 * (embedded or external, with per-tile properties and Wang sets) and tile layers with their
 * raw global tile ids. Object groups and image layers are not modelled; the readers list
 * what they skipped in `skipped` so nothing disappears silently.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Deflate, Inflate } from '../compression.js';

export type TiledOrientation = 'orthogonal' | 'isometric' | 'staggered' | 'hexagonal';

/**
 * How a layer's data was (or will be) written. `csv`: comma-separated in TMX, a JSON array
 * in TMJ; `base64`: little-endian uint32s, optionally compressed; `xml`: one `<tile gid>`
 * element per cell (old TMX files; written back as CSV).
 */
export type TiledEncoding = 'csv' | 'base64' | 'xml';
/** zstd is recognised but refused with a clear error: no zstd decoder is bundled. */
export type TiledCompression = '' | 'zlib' | 'gzip';

export type TiledPropertyType = 'string' | 'int' | 'float' | 'bool' | 'color' | 'file' | 'object';

export interface TiledProperty {
  readonly name: string;
  readonly type: TiledPropertyType;
  readonly value: string | number | boolean;
}

export interface TiledImage {
  readonly source: string;
  readonly width?: number;
  readonly height?: number;
  /** Transparent colour, `rrggbb` without `#` (as TMX writes it). */
  readonly trans?: string;
}

/** Per-tile data of a tileset (only tiles that have any are listed). */
export interface TiledTileInfo {
  /** Local id within the tileset (gid − firstgid). */
  readonly id: number;
  /** Tiled ≥ 1.9 calls it `class`, earlier versions `type`. */
  readonly type?: string;
  readonly probability?: number;
  readonly properties: readonly TiledProperty[];
  /** Image-collection tilesets: one image per tile. */
  readonly image?: TiledImage;
}

export interface TiledWangColor {
  readonly name: string;
  readonly color: string;
  readonly tile: number;
  readonly probability: number;
}

export interface TiledWangTile {
  readonly tileid: number;
  /** 8 colour indices (1-based, 0 = none): top, top-right, right, … clockwise. */
  readonly wangid: readonly number[];
}

export interface TiledWangset {
  readonly name: string;
  readonly type: 'corner' | 'edge' | 'mixed';
  readonly tile: number;
  readonly colors: readonly TiledWangColor[];
  readonly wangtiles: readonly TiledWangTile[];
}

export interface TiledTileset {
  readonly firstgid: number;
  /** Set for external tilesets: the reference as the map wrote it (`desert.tsx`). */
  readonly source?: string;
  readonly name: string;
  readonly tilewidth: number;
  readonly tileheight: number;
  readonly tilecount: number;
  readonly columns: number;
  readonly spacing: number;
  readonly margin: number;
  readonly image?: TiledImage;
  readonly tileoffset?: { readonly x: number; readonly y: number };
  readonly tiles: readonly TiledTileInfo[];
  readonly wangsets: readonly TiledWangset[];
  readonly properties: readonly TiledProperty[];
}

export interface TiledTileLayer {
  readonly id?: number;
  readonly name: string;
  /** Names of the group layers this layer sits in, outermost first (empty at top level). */
  readonly groups: readonly string[];
  readonly width: number;
  readonly height: number;
  /**
   * Tile coordinates of data[0]. 0 for finite maps; for infinite maps the top-left of the
   * chunks' bounding box (may be negative).
   */
  readonly startx: number;
  readonly starty: number;
  /** Raw global tile ids, flag bits included, row-major (width × height). 0 = empty. */
  readonly data: Uint32Array;
  readonly encoding: TiledEncoding;
  readonly compression: TiledCompression;
  /** Infinite maps: the chunk size to write back (Tiled uses 16×16). */
  readonly chunk?: { readonly width: number; readonly height: number };
  readonly properties: readonly TiledProperty[];
  readonly opacity?: number;
  readonly visible?: boolean;
  readonly offsetx?: number;
  readonly offsety?: number;
}

export interface TiledMap {
  readonly orientation: TiledOrientation;
  readonly renderorder?: string;
  readonly width: number;
  readonly height: number;
  readonly tilewidth: number;
  readonly tileheight: number;
  readonly infinite: boolean;
  readonly staggeraxis?: 'x' | 'y';
  readonly staggerindex?: 'odd' | 'even';
  readonly hexsidelength?: number;
  readonly backgroundcolor?: string;
  readonly properties: readonly TiledProperty[];
  readonly tilesets: readonly TiledTileset[];
  readonly layers: readonly TiledTileLayer[];
  /**
   * Sandtable's own object layer(s) — linear terrain as polylines (objects.ts, linear.ts),
   * written after the tile layers. Other object layers are not modelled (see `skipped`).
   */
  readonly objectgroups?: readonly TiledObjectGroup[];
  /** What the reader met and did not model (`objectgroup "Trees" at /map/objectgroup`). */
  readonly skipped: readonly string[];
}

/** What the TMX/TMJ readers need besides the text. */
export interface TiledReadOptions {
  /** The file name, used in every error message. */
  readonly source: string;
  /** Decompressor for zlib/gzip layer data (core has none; node/formats/inflate.ts provides one). */
  readonly inflate?: Inflate;
  /**
   * Returns the text of an external tileset (`.tsx` or `.tsj`) given the reference exactly
   * as the map writes it (relative to the map file). Required when the map has any.
   */
  readonly resolveTileset?: (reference: string) => string;
  /**
   * Returns the first bytes (24 are enough) of a tileset image, given its reference as the
   * tileset writes it and the external tileset it is written in (undefined: the map). Used
   * only when a tileset gives neither `tilecount` nor the image's width and height — Tiled
   * then reads the image, and so do we (its PNG header).
   */
  readonly readImageHead?: (reference: string, tileset: string | undefined) => Uint8Array;
}

export interface TiledWriteOptions {
  /**
   * Compressor for layers whose compression is zlib/gzip. Without one such layers are
   * written as uncompressed base64 (same tile data; Tiled reads either).
   */
  readonly deflate?: Deflate;
  /** Force one encoding for every layer instead of each layer's own. */
  readonly encoding?: 'csv' | 'base64';
}

// The object layers (objects.ts reads and writes them).

export interface TiledPoint {
  readonly x: number;
  readonly y: number;
}

export interface TiledObject {
  readonly id: number;
  readonly name: string;
  /** Tiled ≥ 1.9 `class`, earlier `type`. */
  readonly type: string;
  readonly x: number;
  readonly y: number;
  /** Points relative to (x, y). */
  readonly polyline?: readonly TiledPoint[];
  readonly point?: boolean;
  /** A text object (Tiled's `<text>`): what it says and how Tiled shows it; `width` × `height` is its box, `rotation` degrees clockwise about (x, y). */
  readonly text?: TiledText;
  readonly width?: number;
  readonly height?: number;
  readonly rotation?: number;
  readonly properties: readonly TiledProperty[];
}

export interface TiledText {
  readonly text: string;
  readonly pixelsize?: number;
  readonly bold?: boolean;
  readonly italic?: boolean;
  /** "#rrggbb". */
  readonly color?: string;
  readonly fontfamily?: string;
}

export interface TiledObjectGroup {
  readonly id?: number;
  readonly name: string;
  readonly properties: readonly TiledProperty[];
  readonly objects: readonly TiledObject[];
}
