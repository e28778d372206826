/**
 * An 18xx board drawn as the printed maps are: every hex at its place (from its name, through
 * core/game/topology.ts), its current tile drawn as an 18xx tile (track-tile.ts) at its
 * rotation, or a plain hex; the hex's name, location, label, terrain cost and off-board
 * revenues; station tokens in their company's colour on the city slots they hold. The app's
 * game view draws these shapes (one group per hex) and picks slots on `cities`.
 *
 * Coordinates: y down, a hex `size` across its flats, the board's top-left hex near the origin.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Board, BoardHex, TrackTile } from '../track/types.js';
import { hexScreenPoint } from '../game/topology.js';
import { drawTrackTile, type DrawnCity } from './track-tile.js';
import type { TileShape } from './tile-shapes.js';
import { circle } from './tile-shapes.js';
import { hexRing, sideAngle, type Point } from './track-paths.js';
import { INK, phaseRevenueBoxes } from './track-junctions.js';

/** The ground of a hex with no tile (the board's paper). */
export const BOARD_PAPER = '#f3efe0';
const HEX_EDGE = '#8a8577';

/** What is on one hex now: its tile and rotation (none on a plain hex). */
export interface HexContent {
  readonly tile: TrackTile | null;
  readonly rotation: number;
  /** Laid in play (prints its tile number); preprinted tiles print none. */
  readonly laid?: boolean;
}

export interface BoardToken {
  readonly hex: string;
  /** City number on the hex's current tile (0-based, in tile order). */
  readonly city: number;
  readonly company: string;
  readonly colour: string;
}

export interface DrawnHex {
  readonly name: string;
  readonly centre: Point;
  /** Shapes round the hex's centre (draw translated to `centre`). */
  readonly shapes: readonly TileShape[];
  /** Token slots of the hex's cities, round the hex's centre, in city order. */
  readonly cities: readonly DrawnCity[];
  /** The hex's outline round its centre (for hit tests and marks). */
  readonly outline: readonly number[];
}

export interface BoardDrawing {
  readonly size: number;
  readonly pointy: boolean;
  readonly hexes: readonly DrawnHex[];
  /** [minX, minY, maxX, maxY] of every hex. */
  readonly bounds: readonly [number, number, number, number];
}

/** Where each hex's centre lies, `size` across the flats. Hexes whose names are not 18xx names are left out. */
export function boardCentres(board: Board, size: number): Map<string, Point> {
  const r = size / 2;
  const R = size / Math.sqrt(3);
  const out = new Map<string, Point>();
  for (const h of board.hexes) {
    const p = hexScreenPoint(h.name, board);
    if (!p) continue;
    // One screen axis counts in doubled steps: flat boards step r down a column, pointy ones r across a row.
    out.set(h.name, board.orientation === 'NS' ? [p[0] * 1.5 * R, p[1] * r] : [p[0] * r, p[1] * 1.5 * R]);
  }
  return out;
}

export function drawBoard(board: Board, content: (hex: BoardHex) => HexContent, tokens: readonly BoardToken[], size = 100): BoardDrawing {
  const pointy = board.orientation === 'EW';
  const centres = boardCentres(board, size);
  const hexes: DrawnHex[] = [];
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  const R = size / Math.sqrt(3);
  for (const hex of board.hexes) {
    const centre = centres.get(hex.name);
    if (!centre) continue;
    const drawn = drawHex(hex, content(hex), tokens.filter((t) => t.hex === hex.name), size, pointy);
    hexes.push({ name: hex.name, centre, ...drawn });
    [x0, y0, x1, y1] = [Math.min(x0, centre[0] - R), Math.min(y0, centre[1] - R), Math.max(x1, centre[0] + R), Math.max(y1, centre[1] + R)];
  }
  return { size, pointy, hexes, bounds: hexes.length ? [x0, y0, x1, y1] : [0, 0, 0, 0] };
}

function drawHex(hex: BoardHex, content: HexContent, tokens: readonly BoardToken[], size: number, pointy: boolean): Omit<DrawnHex, 'name' | 'centre'> {
  const frame = { size, pointy };
  const outline = hexRing(frame);
  // The hex's name sits toward the top-left corner (flat) or the top (pointy); the tile keeps that corner clear.
  const nameCorner = sideAngle(frame, 2.5);
  const shapes: TileShape[] = [];
  let cities: readonly DrawnCity[] = [];
  if (content.tile) {
    const d = drawTrackTile(content.tile, size, { rotation: content.rotation, pointy, keepClear: [nameCorner], ...(content.laid ? {} : { printed: '' }) });
    shapes.push(...d.shapes);
    cities = d.cities;
    if (hex.label && !content.tile.label) shapes.push(text(hex.label, -size * 0.26, size * 0.02, size * 0.12, 'middle'));
  } else {
    shapes.push({ kind: 'fill', colour: BOARD_PAPER, rings: [outline] });
    if (hex.label) shapes.push(text(hex.label, 0, size * 0.06, size * 0.14, 'middle'));
  }
  shapes.push({ kind: 'stroke', colour: HEX_EDGE, width: size * 0.012, lines: [[...outline, outline[0]!, outline[1]!]] });
  const R = size / Math.sqrt(3);
  shapes.push(text(hex.name, 0.66 * R * Math.cos(nameCorner), 0.66 * R * Math.sin(nameCorner) + size * 0.025, size * 0.05, 'middle', '#5a564c'));
  if (hex.city) shapes.push(text(hex.city, 0, size * 0.44, size * 0.06, 'middle'));
  // A laid tile has paid the terrain cost, and covers it as on a printed board.
  if (hex.cost && !content.laid) shapes.push(...costMark(hex.cost, size));
  if (hex.revenues?.length) shapes.push(...offboardRevenues(hex.revenues, size));
  for (const t of tokens) {
    const slots = cities[t.city]?.slots ?? [];
    const held = tokens.filter((o) => o.city === t.city).indexOf(t);
    const at = slots[held];
    if (!at) continue;
    const rr = (cities[t.city]?.slotRadius ?? size * 0.14) * 0.9;
    shapes.push({ kind: 'fill', colour: INK, rings: [circle(at[0], at[1], rr + size * 0.008)] }, { kind: 'fill', colour: t.colour, rings: [circle(at[0], at[1], rr)] });
    shapes.push(text(t.company.slice(0, 3), at[0], at[1] + size * 0.022, size * 0.045, 'middle', '#ffffff'));
  }
  return { shapes, cities, outline };
}

function text(s: string, x: number, y: number, height: number, anchor: 'start' | 'middle' | 'end', colour = INK): TileShape {
  return { kind: 'text', text: s, x, y, height, colour, anchor };
}

/** A terrain cost: the amount in a small triangle (mountains, as most 18xx maps print them). */
function costMark(cost: number, size: number): TileShape[] {
  const [x, y, h] = [size * 0.22, -size * 0.2, size * 0.13];
  return [
    { kind: 'fill', colour: '#7b5b3a', rings: [[x, y - h * 0.7, x + h * 0.7, y + h * 0.45, x - h * 0.7, y + h * 0.45]] },
    text(`$${cost}`, x, y + h * 0.95, size * 0.05, 'middle'),
  ];
}

/** Off-board revenues printed on the hex (Rails `value="30,50"`): a row of white boxes, one per phase group. */
function offboardRevenues(values: readonly number[], size: number): TileShape[] {
  return phaseRevenueBoxes(values.map((value) => ({ phase: '', value })), [0, -size * 0.15], size, {});
}
