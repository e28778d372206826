/**
 * Tile sides ↔ Sandtable hex directions, and rotating a track tile.
 *
 * Track tiles number their sides clockwise from a reference side (types.ts). Sandtable's hex
 * grids number directions clockwise from +Y (SPEC §2) in a flat-topped unit frame. A flat
 * (NS) board is drawn with layout rotation 0, so side 0 (S) is direction 3; a pointy (EW)
 * board is drawn with layout rotation 270° (a quarter turn clockwise, core/coords
 * POINTY_TOP_ROTATION), which turns direction 0 to the east, where side 4 (E) is:
 * direction = side + 2.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { BoardOrientation, Connection, Junction, TrackEnd, TrackTile } from './types.js';
import { POINTY_TOP_ROTATION } from '../coords/common.js';

/** Layout rotation (degrees, counter-clockwise) at which a board of this orientation is drawn. */
export function boardLayoutRotation(orientation: BoardOrientation): number {
  return orientation === 'NS' ? 0 : POINTY_TOP_ROTATION;
}

const SIDE_OFFSET: Record<BoardOrientation, number> = { NS: 3, EW: 2 };

/** Grid direction (0 = +Y, clockwise) that tile side `side` faces on a board of this orientation. */
export function sideToDirection(side: number, orientation: BoardOrientation): number {
  checkSide(side);
  return (side + SIDE_OFFSET[orientation]) % 6;
}

/** Tile side that faces grid direction `dir` on a board of this orientation. */
export function directionToSide(dir: number, orientation: BoardOrientation): number {
  checkSide(dir);
  return (dir + 6 - SIDE_OFFSET[orientation]) % 6;
}

function checkSide(n: number): void {
  if (!Number.isInteger(n) || n < 0 || n > 5) throw new RangeError(`a hex side or direction must be an integer 0…5, got ${n}`);
}

/** The tile turned `steps` × 60° clockwise (negative turns counter-clockwise); ids stay the same. */
export function rotateTrackTile(tile: TrackTile, steps: number): TrackTile {
  if (!Number.isInteger(steps)) throw new RangeError(`rotation steps must be an integer, got ${steps}`);
  const k = ((steps % 6) + 6) % 6;
  if (k === 0) return tile;
  const turn = (side: number) => (side + k) % 6;
  const end = (e: TrackEnd): TrackEnd => (e.kind === 'side' ? { kind: 'side', side: turn(e.side) } : e);
  const junctions = tile.junctions.map((j): Junction => {
    if (!j.position || j.position.toward === null) return j;
    return { ...j, position: { ...j.position, toward: (j.position.toward + k) % 6 } };
  });
  const connections = tile.connections.map((c): Connection => ({ ...c, a: end(c.a), b: end(c.b) }));
  const out: TrackTile = { ...tile, junctions, connections };
  return tile.borders ? { ...out, borders: tile.borders.map((b) => ({ ...b, side: turn(b.side) })) } : out;
}

/** Sides of the tile that track reaches (sorted, unique): what must meet a neighbour's track. */
export function trackSides(tile: TrackTile): number[] {
  const sides = new Set<number>();
  for (const c of tile.connections) {
    if (c.a.kind === 'side') sides.add(c.a.side);
    if (c.b.kind === 'side') sides.add(c.b.side);
  }
  return [...sides].sort((a, b) => a - b);
}
