/**
 * The geometry of a placed instance in its cell's own frame: the tile oriented, and warped
 * where the cell's shape is not the tile's (a hexagon tile on a globe hexagon's real polygon,
 * six triangles one to one; on a globe pentagon, sector 5 shared with its neighbours and the
 * pentagon turned, orientation-code.ts). Matching, snapping and the checker read instances through here.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { orientTile } from '../vector/orientation.js';
import type { TileShape } from '../vector/shape.js';
import { PENTAGON } from '../vector/shape.js';
import type { VectorTile } from '../vector/types.js';
import { warpHexTile } from '../vector/warp.js';
import type { Placement } from '../map/orientation-code.js';

/** Whether a tile of `tileShape` may stand on a cell of `cellShape` (and how). */
export function placementKind(tileShape: TileShape, cellShape: TileShape): 'direct' | 'warp-polygon' | 'warp-pentagon' | null {
  if (cellShape.name === 'polygon') return tileShape.name === 'hex' && cellShape.edges.length === 6 ? 'warp-polygon' : null;
  if (cellShape.name === 'pentagon' && tileShape.name === 'hex') return 'warp-pentagon';
  return tileShape.name === cellShape.name ? 'direct' : null;
}

/** The instance's elements in the cell's frame (the cell's shape, edges named by its directions). */
export function placedTile(tile: VectorTile, placement: Placement, cellShape: TileShape): VectorTile {
  const kind = placementKind(tile.shape, cellShape);
  if (!kind) throw new RangeError(`a ${tile.shape.name} tile ("${tile.id}") cannot stand on a ${cellShape.name} cell`);
  const oriented = orientTile(tile, placement.orientation);
  if (kind === 'direct') {
    if (placement.pentagonRotation !== undefined) throw new RangeError(`tile "${tile.id}" is not warped; its placement has a pentagon rotation`);
    return oriented;
  }
  if (kind === 'warp-polygon') return warpHexTile(oriented, cellShape).tile;
  if (placement.pentagonRotation === undefined) throw new RangeError(`hexagon tile "${tile.id}" on a pentagon needs a pentagon rotation`);
  const warped = warpHexTile(oriented, PENTAGON, 5).tile;
  return orientTile(warped, { rotation: 72 * placement.pentagonRotation, mirror: 'none' });
}
