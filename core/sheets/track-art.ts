/**
 * 18xx track tiles drawn for print (issue 29): core/render/track-tile.ts draws the tile (the
 * app's board and manifest draw the same one); here its text becomes stroke-font lettering,
 * so a sheet prints without any font file. Flat-topped, side 0 at the bottom, sizes in mm.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TrackTile } from '../track/types.js';
import { drawTrackTile } from '../render/track-tile.js';
import type { TileShape } from '../render/tile-shapes.js';
import { letters, type ArtItem, type TileArt } from './art.js';

export { TRACK_COLOURS } from '../render/track-tile.js';

export function trackTileArt(tile: TrackTile, size: number, printed = tile.name): TileArt {
  const drawing = drawTrackTile(tile, size, { printed });
  return { outlineKind: 'hex', ground: drawing.ground, items: drawing.shapes.map(artItem) };
}

/** A drawn shape as sheet art: text as stroke-font strokes, the rest unchanged. */
export function artItem(shape: TileShape): ArtItem {
  return shape.kind === 'text' ? letters(shape.text, shape.x, shape.y, shape.height, shape.colour, shape.anchor) : shape;
}
