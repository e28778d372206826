/**
 * 18xx track tiles drawn for print (issue 29): the phase colour, track between sides and
 * junctions, cities as white token circles (one per slot), towns as black dots, off-board
 * areas, revenue in white discs, the label (OO, B, K) and the tile number, on a flat-topped
 * hexagon with side 0 at the bottom and sides numbered clockwise (core/track/types.ts, the
 * convention Rails and 18xx.games share). Sizes are fractions of the flat-to-flat width, so
 * a tile prints the same at 25 mm or 38 mm.
 *
 * Revenue discs and the label go in the corners farthest from any track, so they never sit
 * on a line.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Junction, TrackEnd, TrackTile } from '../track/types.js';
import { colourParts } from '../track/types.js';
import { circle, letters, outlineRing, type ArtItem, type TileArt } from './art.js';

/** Print colours of the phases (the common 18xx palette). */
export const TRACK_COLOURS: Readonly<Record<string, string>> = {
  yellow: '#fde900',
  green: '#71bf44',
  brown: '#cb7745',
  gray: '#bcbdc0',
  sepia: '#a58a61',
  red: '#e9423e',
  blue: '#6fa8dc',
  white: '#f6f1e3',
  fixed: '#e8e2cf',
  none: '#f6f1e3',
};
const INK = '#1a1a1a';
const PAPER = '#ffffff';
const SQRT3 = Math.sqrt(3);
const deg = (a: number) => (a * Math.PI) / 180;

/** Angle (radians, y down) toward side k, or toward the corner after it when k ends in .5. */
const sideAngle = (k: number) => deg(90 + 60 * k);

export function trackTileArt(tile: TrackTile, size: number, printed = tile.name): TileArt {
  const r = size / 2;
  const R = size / SQRT3;
  const parts = colourParts(tile.colour).map((c) => TRACK_COLOURS[c] ?? TRACK_COLOURS.white!);
  const ground = parts[0]!;
  const items: ArtItem[] = [{ kind: 'fill', colour: ground, rings: [outlineRing('hex', size)] }];
  // Two-colour tiles (green-brown): the lower half in the second colour.
  if (parts[1]) items.push({ kind: 'fill', colour: parts[1], rings: [[R, 0, R / 2, r, -R / 2, r, -R, 0]] });

  const where = new Map<string, [number, number]>();
  for (const j of tile.junctions) where.set(j.id, junctionAt(j, r, R));
  const used = tile.connections.flatMap((c) => [c.a, c.b]).flatMap((e) => (e.kind === 'side' ? [sideAngle(e.side)] : []));
  const track = trackLines(tile, r, where);
  for (const j of tile.junctions) if (j.position?.toward != null && (j.position.level ?? 0) > 0) used.push(sideAngle(j.position.toward));
  const w = size * 0.075;
  for (const t of track) {
    items.push({ kind: 'stroke', colour: INK, width: t.narrow ? w * 0.6 : w, lines: t.lines, ...(t.narrow ? { dash: [w * 1.2, w * 0.8] as const } : {}) });
    if (t.dual) items.push({ kind: 'stroke', colour: PAPER, width: w * 0.3, lines: t.lines, dash: [w, w] });
  }
  for (const j of tile.junctions) items.push(...junctionItems(j, where.get(j.id)!, size));

  // The lower-right corner (60°) carries the tile number: last choice for revenue and label.
  const free = freeCorners([...used, deg(60)]);
  const revenues = [...new Set(tile.junctions.filter((j) => j.revenue > 0 || j.phaseRevenue?.length).map(revenueText))];
  for (const text of revenues) {
    const a = free.shift() ?? deg(210);
    items.push(...revenueDisc(text, 0.7 * R * Math.cos(a), 0.7 * R * Math.sin(a), size));
  }
  if (tile.label) {
    const a = free.shift() ?? deg(210);
    items.push(letters(tile.label, 0.6 * R * Math.cos(a), 0.6 * R * Math.sin(a) + size * 0.06, size * 0.12, INK));
  }
  // The tile number along the lower right edge, as printed tiles carry it.
  // Right-aligned so its last letter stays a margin inside the lower-right edge (x cos 30° + y sin 30° = r).
  const number = printed.length > 6 ? tile.id : printed;
  const base = r - size * 0.06;
  items.push(letters(number, (r - size * 0.04 - 0.5 * base) / Math.cos(Math.PI / 6), base, size * 0.055, INK, 'end'));
  return { outlineKind: 'hex', ground, items };
}

type Track = { lines: number[][]; narrow: boolean; dual: boolean };

/**
 * The track as polylines. A town joined to exactly two sides sits on the track between them,
 * halfway along its curve (tiles 3, 4, 58 print so), rather than at a bend.
 */
function trackLines(tile: TrackTile, r: number, where: Map<string, [number, number]>): Track[] {
  const side = (e: TrackEnd) => (e.kind === 'side' ? e.side : -1);
  const track: Track[] = [];
  const onCurve = new Set<string>();
  for (const j of tile.junctions) {
    if (j.type !== 'town') continue;
    const cs = tile.connections.filter((c) => [c.a, c.b].some((e) => e.kind === 'junction' && e.id === j.id));
    const sides = cs.map((c) => Math.max(side(c.a), side(c.b)));
    if (cs.length !== 2 || sides.some((k) => k < 0) || sides[0] === sides[1]) continue;
    const line = sideToSide(sides[0]!, sides[1]!, r);
    const m = line.length === 4 ? [(line[0]! + line[2]!) / 2, (line[1]! + line[3]!) / 2] : [line[16]!, line[17]!];
    where.set(j.id, [m[0]!, m[1]!]);
    onCurve.add(j.id);
    track.push({ lines: [line], narrow: cs[0]!.gauge === 'narrow', dual: cs[0]!.gauge === 'dual' });
  }
  const endPoint = (e: TrackEnd): [number, number] => (e.kind === 'side' ? [r * Math.cos(sideAngle(e.side)), r * Math.sin(sideAngle(e.side))] : (where.get(e.id) ?? [0, 0]));
  for (const c of tile.connections) {
    if ([c.a, c.b].some((e) => e.kind === 'junction' && onCurve.has(e.id))) continue;
    const line = c.a.kind === 'side' && c.b.kind === 'side' ? sideToSide(c.a.side, c.b.side, r) : [...endPoint(c.a), ...endPoint(c.b)];
    track.push({ lines: [line], narrow: c.gauge === 'narrow', dual: c.gauge === 'dual' });
  }
  return track;
}

function junctionAt(j: Junction, r: number, R: number): [number, number] {
  const p = j.position;
  if (!p || p.toward === null || !p.level) return [0, 0];
  const a = sideAngle(p.toward);
  const d = (Number.isInteger(p.toward) ? r : R) * Math.min(0.8, p.level / 4);
  return [d * Math.cos(a), d * Math.sin(a)];
}

/** Track from side a to side b: straight across, else a curve bending through the centre's pull. */
function sideToSide(a: number, b: number, r: number): number[] {
  const ax = r * Math.cos(sideAngle(a));
  const ay = r * Math.sin(sideAngle(a));
  const bx = r * Math.cos(sideAngle(b));
  const by = r * Math.sin(sideAngle(b));
  const d = Math.min(Math.abs(a - b), 6 - Math.abs(a - b));
  if (d === 3) return [ax, ay, bx, by];
  // A cubic whose handles point at the centre: close to the 18xx arcs (radius R/2 sharp, 3R/2 gentle).
  const k = d === 1 ? 0.45 : 0.62;
  const out: number[] = [];
  for (let i = 0; i <= 16; i++) {
    const t = i / 16;
    const u = 1 - t;
    const c1 = 3 * u * u * t;
    const c2 = 3 * u * t * t;
    out.push(u * u * u * ax + c1 * ax * (1 - k) + c2 * bx * (1 - k) + t * t * t * bx, u * u * u * ay + c1 * ay * (1 - k) + c2 * by * (1 - k) + t * t * t * by);
  }
  return out;
}

function junctionItems(j: Junction, [x, y]: [number, number], size: number): ArtItem[] {
  const ring = size * 0.012;
  if (j.type === 'town') return [{ kind: 'fill', colour: INK, rings: [circle(x, y, size * 0.065, 24)] }];
  if (j.type === 'junction' || j.type === 'offmap') return [];
  if (j.type === 'pass') return [{ kind: 'fill', colour: '#7a7a7a', rings: [circle(x, y, size * 0.07, 24)] }];
  const cr = size * 0.118;
  const centres = slotCentres(Math.max(1, j.slots), cr).map(([dx, dy]) => [x + dx, y + dy] as const);
  const items: ArtItem[] = [];
  // A white ground joining the slots (a capsule for two, a disc for more), outlined, then the circles.
  const joined = centres.length === 1 ? [circle(x, y, cr)] : centres.length === 2 ? [capsule(centres, cr)] : [circle(x, y, cr * (centres.length >= 4 ? 2.05 : 2.15))];
  items.push({ kind: 'fill', colour: INK, rings: joined.map((ringXy) => grow(ringXy, x, y, ring)) });
  items.push({ kind: 'fill', colour: PAPER, rings: joined });
  if (centres.length > 1) items.push({ kind: 'stroke', colour: INK, width: ring * 0.8, lines: centres.map(([cx, cy]) => [...circle(cx, cy, cr * 0.98), cx + cr * 0.98, cy]) });
  return items;
}

function slotCentres(n: number, cr: number): [number, number][] {
  if (n === 1) return [[0, 0]];
  if (n === 2) return [[-cr, 0], [cr, 0]];
  if (n === 4) return [[-cr, -cr], [cr, -cr], [-cr, cr], [cr, cr]];
  const d = n === 3 ? cr * 1.16 : cr / Math.sin(Math.PI / n);
  return Array.from({ length: n }, (_, i) => [d * Math.cos(deg(-90 + (360 * i) / n)), d * Math.sin(deg(-90 + (360 * i) / n))]);
}

function capsule(c: readonly (readonly [number, number])[], cr: number): number[] {
  const [[x0, y0], [x1]] = c as [[number, number], [number, number]];
  const out: number[] = [];
  for (let i = 0; i <= 16; i++) out.push(x1 + cr * Math.cos(deg(-90 + (180 * i) / 16)), y0 + cr * Math.sin(deg(-90 + (180 * i) / 16)));
  for (let i = 0; i <= 16; i++) out.push(x0 + cr * Math.cos(deg(90 + (180 * i) / 16)), y0 + cr * Math.sin(deg(90 + (180 * i) / 16)));
  return out;
}

/** The ring pushed out from (cx, cy) by d (the outline under a white ground). */
function grow(ring: readonly number[], cx: number, cy: number, d: number): number[] {
  return ring.map((v, i) => {
    const dx = ring[i - (i % 2)]! - cx;
    const dy = ring[i - (i % 2) + 1]! - cy;
    const len = Math.hypot(dx, dy) || 1;
    return v + ((i % 2 ? dy : dx) / len) * d;
  });
}

function revenueText(j: Junction): string {
  return j.phaseRevenue?.length ? j.phaseRevenue.map((p) => p.value).join('/') : String(j.revenue);
}

function revenueDisc(text: string, x: number, y: number, size: number): ArtItem[] {
  const h = size * (text.length > 3 ? 0.045 : 0.065);
  const rr = Math.max(size * 0.075, (text.length * h) / 1.7);
  return [
    { kind: 'fill', colour: INK, rings: [circle(x, y, rr + size * 0.01)] },
    { kind: 'fill', colour: PAPER, rings: [circle(x, y, rr)] },
    letters(text, x, y + h / 2, h, INK),
  ];
}

/** The six corner directions, the ones farthest (in angle) from any used direction first. */
function freeCorners(used: readonly number[]): number[] {
  const corners = Array.from({ length: 6 }, (_, k) => deg(240 + 60 * k));
  const gap = (a: number) => (used.length ? Math.min(...used.map((u) => Math.abs(Math.atan2(Math.sin(a - u), Math.cos(a - u))))) : Math.PI);
  // Ties keep the upper-left corners first (where 18xx tiles print revenue).
  return corners.map((a, k) => ({ a, g: gap(a), k })).sort((p, q) => q.g - p.g || p.k - q.k).map((p) => p.a);
}
