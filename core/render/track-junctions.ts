/**
 * The junctions of an 18xx tile as printed: a city is a white disc outlined in black with one
 * token circle per slot (two slots side by side in a capsule, three in a triangle, four in a
 * square, more round a ring); a town on a track is a bar across it, any other town a black
 * dot; a mountain pass a grey disc; revenue a white disc with the number in it. Sizes are
 * fractions of the tile's flat-to-flat width.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Junction } from '../track/types.js';
import type { Point } from './track-paths.js';
import { circle, type TileShape } from './tile-shapes.js';

export const INK = '#1a1a1a';
export const PAPER = '#ffffff';
/** A token slot's radius as a fraction of the flat-to-flat width (Rails: 51 of 340 with its rim). */
export const CITY_RADIUS = 0.145;

const deg = (a: number) => (a * Math.PI) / 180;

/** Slot centres round (0, 0) for n slots of radius cr. */
export function slotCentres(n: number, cr: number): Point[] {
  if (n === 1) return [[0, 0]];
  if (n === 2) return [[-cr, 0], [cr, 0]];
  if (n === 4) return [[-cr, -cr], [cr, -cr], [-cr, cr], [cr, cr]];
  const d = n === 3 ? cr * 1.16 : cr / Math.sin(Math.PI / n);
  return Array.from({ length: n }, (_, i): Point => [d * Math.cos(deg(-90 + (360 * i) / n)), d * Math.sin(deg(-90 + (360 * i) / n))]);
}

/** A city: the white ground joining its slots, its black rim, and a circle round each slot. */
export function cityShapes(slots: readonly Point[], [x, y]: Point, size: number): TileShape[] {
  const cr = size * CITY_RADIUS;
  const rim = size * 0.012;
  const joined = slots.length === 1 ? [circle(x, y, cr)] : slots.length === 2 ? [capsule(slots, cr)] : [circle(x, y, cr * (slots.length >= 4 ? 2.05 : 2.15))];
  const out: TileShape[] = [
    { kind: 'fill', colour: INK, rings: joined.map((ring) => grow(ring, x, y, rim)) },
    { kind: 'fill', colour: PAPER, rings: joined },
  ];
  if (slots.length > 1) out.push({ kind: 'stroke', colour: INK, width: rim * 0.8, lines: slots.map(([cx, cy]) => [...circle(cx, cy, cr * 0.98), cx + cr * 0.98, cy]) });
  return out;
}

/** A town: a bar across the track at `dir` (the track's direction there), or a dot when it sits off any through track. */
export function townShapes(j: Junction, [x, y]: Point, dir: Point | null, size: number): TileShape[] {
  if (j.type === 'junction' || j.type === 'offmap') return [];
  if (j.type === 'pass') return [{ kind: 'fill', colour: '#7a7a7a', rings: [circle(x, y, size * 0.07, 24)] }];
  if (!dir) return [{ kind: 'fill', colour: INK, rings: [circle(x, y, size * 0.065, 24)] }];
  // The bar: long across the track, short along it.
  const [ux, uy] = dir;
  const [px, py] = [-uy, ux];
  const along = size * 0.04;
  const across = size * 0.11;
  const corner = (a: number, b: number) => [x + ux * along * a + px * across * b, y + uy * along * a + py * across * b];
  return [{ kind: 'fill', colour: INK, rings: [[...corner(-1, -1), ...corner(1, -1), ...corner(1, 1), ...corner(-1, 1)]] }];
}

function capsule(c: readonly Point[], cr: number): number[] {
  const [[x0, y0], [x1]] = c as [Point, Point];
  const out: number[] = [];
  for (let i = 0; i <= 16; i++) out.push(x1 + cr * Math.cos(deg(-90 + (180 * i) / 16)), y0 + cr * Math.sin(deg(-90 + (180 * i) / 16)));
  for (let i = 0; i <= 16; i++) out.push(x0 + cr * Math.cos(deg(90 + (180 * i) / 16)), y0 + cr * Math.sin(deg(90 + (180 * i) / 16)));
  return out;
}

/** The ring pushed out from (cx, cy) by d (the rim under a white ground). */
function grow(ring: readonly number[], cx: number, cy: number, d: number): number[] {
  return ring.map((v, i) => {
    const dx = ring[i - (i % 2)]! - cx;
    const dy = ring[i - (i % 2) + 1]! - cy;
    const len = Math.hypot(dx, dy) || 1;
    return v + ((i % 2 ? dy : dx) / len) * d;
  });
}

/**
 * Phase revenues (18xx.games `yellow_30|brown_60`) as a row of boxes, each in its phase's
 * colour, as off-board areas print them; `colours` maps phase names to fills (white otherwise).
 */
export function phaseRevenueBoxes(values: readonly { phase: string; value: number }[], [x, y]: Point, size: number, colours: Readonly<Record<string, string>>): TileShape[] {
  const w = size * 0.14;
  const h = size * 0.1;
  const x0 = x - (values.length * w) / 2;
  const rim = size * 0.008;
  return values.flatMap((v, i): TileShape[] => {
    const left = x0 + i * w;
    const box = (d: number) => [left + d, y - h / 2 + d, left + w - d, y - h / 2 + d, left + w - d, y + h / 2 - d, left + d, y + h / 2 - d];
    return [
      { kind: 'fill', colour: INK, rings: [box(0)] },
      { kind: 'fill', colour: colours[v.phase] ?? PAPER, rings: [box(rim)] },
      { kind: 'text', text: String(v.value), x: left + w / 2, y: y + size * 0.022, height: size * 0.045, colour: INK, anchor: 'middle' },
    ];
  });
}

/** Revenue in a white disc with a black rim, sized to its text. */
export function revenueDisc(text: string, [x, y]: Point, size: number): TileShape[] {
  const h = size * (text.length > 3 ? 0.045 : 0.065);
  const rr = Math.max(size * 0.075, (text.length * h) / 1.7);
  return [
    { kind: 'fill', colour: INK, rings: [circle(x, y, rr + size * 0.01)] },
    { kind: 'fill', colour: PAPER, rings: [circle(x, y, rr)] },
    { kind: 'text', text, x, y: y + h / 2, height: h, colour: INK, anchor: 'middle' },
  ];
}
