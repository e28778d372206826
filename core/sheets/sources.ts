/**
 * What goes on a tile-sheet print (issue 29): every tile of an 18xx game's manifest in its
 * count, or vector tiles (geomorphs, terrain tiles) in the counts a designer sets
 * (`parseTileCounts`: "id:count,…").
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GameManifest, TrackTile } from '../track/types.js';
import type { VectorTile } from '../vector/types.js';
import type { ThumbnailStyle } from '../export/thumbnail.js';
import { InputError } from '../util/input-error.js';
import { quoted } from '../util/bounded.js';
import type { SheetTile } from './art.js';
import { trackTileArt } from './track-art.js';
import { vectorTileArt } from './vector-art.js';

/** The manifest's tiles in its order and counts; unlimited ones `unlimitedCount` times; board-only ones (0) left out. */
export function manifestSheetTiles(manifest: GameManifest, tiles: readonly TrackTile[], unlimitedCount: number): SheetTile[] {
  const byId = new Map(tiles.map((t) => [t.id, t]));
  const out: SheetTile[] = [];
  for (const e of manifest.tiles) {
    const count = e.quantity === 'unlimited' ? unlimitedCount : e.quantity;
    if (count <= 0) continue;
    const tile = byId.get(e.tileId);
    if (!tile) throw new InputError(manifest.game, `tile ${quoted(e.tileId)}`, 'the manifest lists a tile the library does not have (import the game\'s Tiles.xml again)');
    const printed = e.printedAs ?? tile.name;
    out.push({ id: tile.id, label: `${printed.length > 6 ? tile.id : printed} (${tile.colour})`, count, art: (size) => trackTileArt(tile, size, printed) });
  }
  return out;
}

export interface TileCount {
  readonly id: string;
  readonly count: number;
}

/** "forest-1:4,river:2,plain" → counts (1 where none is given); one line naming the bad entry. */
export function parseTileCounts(text: string): TileCount[] {
  const out: TileCount[] = [];
  for (const [k, part] of text.split(',').entries()) {
    const m = /^\s*([^:\s][^:]*?)\s*(?::\s*(\d+)\s*)?$/.exec(part);
    const count = m?.[2] === undefined ? 1 : Number(m[2]);
    if (!m || count > 1000) throw new InputError('--tiles', `entry ${k + 1}`, `expected id or id:count (count 0…1000), got ${quoted(part)}`);
    out.push({ id: m[1]!, count });
  }
  return out;
}

/** Vector tiles in the given counts, drawn as the library draws them. */
export function vectorSheetTiles(wanted: readonly TileCount[], tiles: readonly VectorTile[], style: ThumbnailStyle): SheetTile[] {
  const byId = new Map(tiles.map((t) => [t.id, t]));
  return wanted.map(({ id, count }) => {
    const tile = byId.get(id);
    if (!tile) throw new InputError('--tiles', quoted(id), 'no vector tile with this id in the library (`sandtable library list <lib> --what vector` lists them)');
    return { id, label: id, count, art: (size) => vectorTileArt(tile, style, size) };
  });
}
