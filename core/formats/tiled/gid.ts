/**
 * Tiled global tile ids: the top four bits are flags, the rest is the tile id across all
 * tilesets (tileset = the one with the largest firstgid ≤ id). On orthogonal and isometric
 * maps the flags are flip horizontal, flip vertical and flip diagonal (anti-diagonal
 * transpose, i.e. a 90° turn combined with a flip); on hexagonal maps bit 29 means "rotate
 * 60°" and bit 28 "rotate 120°" (mapeditor.org, TMX format "Tile Flipping").
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TiledTileset } from './types.js';

export const FLIPPED_HORIZONTALLY = 0x80000000;
export const FLIPPED_VERTICALLY = 0x40000000;
/** Diagonal flip on orthogonal/isometric maps; 60° rotation on hexagonal maps. */
export const FLIPPED_DIAGONALLY = 0x20000000;
export const ROTATED_HEXAGONAL_60 = 0x20000000;
export const ROTATED_HEXAGONAL_120 = 0x10000000;
export const GID_FLAGS = 0xf0000000;
export const GID_MASK = 0x0fffffff;

/** The tile id without flags. */
export function gidId(gid: number): number {
  return gid & GID_MASK;
}

/** Only the flag bits (as an unsigned number). */
export function gidFlags(gid: number): number {
  return (gid & GID_FLAGS) >>> 0;
}

/** Recombines an id and flags into an unsigned gid. */
export function makeGid(id: number, flags: number): number {
  if (!Number.isInteger(id) || id < 0 || id > GID_MASK) throw new RangeError(`a Tiled tile id must be an integer 0…${GID_MASK}, got ${id}`);
  if ((flags & ~GID_FLAGS) !== 0) throw new RangeError(`Tiled flags use only the top four bits, got 0x${(flags >>> 0).toString(16)}`);
  return (id | flags) >>> 0;
}

export interface GidTile {
  readonly tileset: TiledTileset;
  /** Index of the tileset in the map's list. */
  readonly tilesetIndex: number;
  /** Local id within the tileset. */
  readonly localId: number;
  readonly flags: number;
}

/** Finds the tileset and local id of a gid; null for 0 (empty) or an id no tileset covers. */
export function resolveGid(tilesets: readonly TiledTileset[], gid: number): GidTile | null {
  const id = gidId(gid);
  if (id === 0) return null;
  let best = -1;
  for (let k = 0; k < tilesets.length; k++) {
    const ts = tilesets[k]!;
    if (ts.firstgid <= id && (best < 0 || ts.firstgid > tilesets[best]!.firstgid)) best = k;
  }
  if (best < 0) return null;
  const tileset = tilesets[best]!;
  const localId = id - tileset.firstgid;
  // Image-collection tilesets (no single image) may have sparse ids beyond tilecount.
  if (tileset.image && tileset.tilecount > 0 && localId >= tileset.tilecount) return null;
  return { tileset, tilesetIndex: best, localId, flags: gidFlags(gid) };
}
