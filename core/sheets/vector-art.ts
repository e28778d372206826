/**
 * Vector tiles (geomorphs, terrain tiles) on a sheet: the library thumbnail's own drawing
 * (core/export/thumbnail.ts, one home for how a vector tile looks) taken at its largest size
 * and scaled to millimetres, so the sheet and the library show the same tile.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { THUMBNAIL_MAX, thumbnailScene, type ThumbnailStyle } from '../export/thumbnail.js';
import { shapeBounds } from '../vector/shape.js';
import type { VectorTile } from '../vector/types.js';
import { InputError } from '../util/input-error.js';
import type { ArtItem, OutlineKind, TileArt } from './art.js';

/** The outline kind a vector tile prints as; pentagons (globe tiles) have no sheet layout. */
export function vectorOutlineKind(tile: VectorTile): OutlineKind {
  const s = tile.shape.name;
  if (s === 'hex') return 'hex';
  if (s === 'square' || s === 'offset-square') return 'square';
  throw new InputError('tiles', tile.id, `a ${s} tile has no sheet layout; sheets print hex and square tiles`);
}

export function vectorTileArt(tile: VectorTile, style: ThumbnailStyle, sizeMm: number): TileArt {
  const outlineKind = vectorOutlineKind(tile);
  const px = THUMBNAIL_MAX;
  const scene = thumbnailScene(tile, style, px);
  const [x0, y0, x1, y1] = shapeBounds(tile.shape);
  // thumbnail.ts fits the shape's bounds, less a margin of px/32, centred: undo that fit.
  const s = (px - 2 * Math.max(1, px / 32)) / Math.max(x1 - x0, y1 - y0);
  const k = sizeMm / (Math.min(x1 - x0, y1 - y0) * s);
  const mm = (xy: readonly number[]) => xy.map((v) => (v - px / 2) * k);
  // The thumbnail's last item is its grey outline: the sheet draws its own cut lines instead.
  const drawn = scene.items.slice(0, -1);
  const items: ArtItem[] = drawn.map((it) =>
    it.kind === 'fill'
      ? { kind: 'fill', colour: it.colour, rings: it.rings.map(mm) }
      : { kind: 'stroke', colour: it.colour, width: it.width * k, lines: [it.closed ? [...mm(it.xy), ...mm(it.xy.slice(0, 2))] : mm(it.xy)], ...(it.dash ? { dash: [it.dash[0] * k, it.dash[1] * k] as const } : {}) },
  );
  return { outlineKind, ground: style.ground, items };
}
