/**
 * An 18xx track tile drawn as the printed games draw it, once for every picture that shows
 * one: the app's game board and manifest, tile sheets (core/sheets) and the exports. The
 * phase colour fills the hexagon; track runs in arcs (track-paths.ts) under a pale casing, so
 * crossing track reads as a bridge; narrow gauge is a thin dashed line, dual gauge a line with
 * a light centre dash; cities are white discs with one token circle per slot; a town on a
 * track between two sides is a bar across it, any other town a dot; off-board track ends in
 * an arrow; revenue sits in white discs and the label in the corners farthest from track; the
 * tile number along the lower right edge.
 *
 * The drawing is shapes (fills, strokes, text) in the tile's own units around its centre,
 * y down; each painter turns text into what it can draw (the sheets into stroke-font
 * lettering, the app into SVG text). `cities` says where every token slot is, so the app
 * draws tokens and picks slots on exactly the circles drawn.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Connection, Junction, TrackEnd, TrackTile } from '../track/types.js';
import { COLOUR_PHASES, colourParts } from '../track/types.js';
import { rotateTrackTile } from '../track/sides.js';
import { cornerRadius, curveKind, halfWidth, hexRing, midwayAlong, sideAngle, sidePoint, sideToPoint, sideToSide, type CurveKind, type Point, type TileFrame } from './track-paths.js';
import type { TileShape } from './tile-shapes.js';
export type { TileShape } from './tile-shapes.js';
import { cityShapes, phaseRevenueBoxes, revenueDisc, slotCentres, townShapes, CITY_RADIUS, INK, PAPER } from './track-junctions.js';

/** The phase colours (the common 18xx palette). */
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

/** Track width as a fraction of the flat-to-flat width (Rails draws 26 of 340). */
export const TRACK_WIDTH = 0.075;

export interface DrawnCity {
  readonly id: string;
  /** Centre of each token slot, in slot order, and the slot's radius. */
  readonly slots: readonly Point[];
  readonly slotRadius: number;
}

export interface DrawnPath {
  readonly a: TrackEnd;
  readonly b: TrackEnd;
  /** Side to side: how it bends; null for track to a junction. */
  readonly curve: CurveKind | null;
  readonly gauge: Connection['gauge'];
}

export interface TrackTileDrawing {
  readonly ground: string;
  readonly shapes: readonly TileShape[];
  /** Sides track reaches, after rotation, sorted. */
  readonly exits: readonly number[];
  readonly cities: readonly DrawnCity[];
  readonly paths: readonly DrawnPath[];
  /** Revenue texts as printed ("20", "30/50"). */
  readonly revenues: readonly string[];
}

export interface TrackTileOptions {
  /** 60° steps clockwise (the board's rotation of the tile). */
  readonly rotation?: number;
  /** Pointy-topped boards (Rails "EW"): the tile turned 30°, its text upright. */
  readonly pointy?: boolean;
  /** The number printed on the tile (a game's `printedAs`); '' for none. By default the name of a
   *  laid tile (a phase colour); preprinted, off-board and plain hexes print none. */
  readonly printed?: string;
  /** Directions (radians, y down) the board keeps for its own lettering: revenue and labels go elsewhere. */
  readonly keepClear?: readonly number[];
}

export function drawTrackTile(original: TrackTile, size: number, options: TrackTileOptions = {}): TrackTileDrawing {
  const tile = rotateTrackTile(original, options.rotation ?? 0);
  const f: TileFrame = { size, pointy: options.pointy ?? false };
  const parts = colourParts(tile.colour).map((c) => TRACK_COLOURS[c] ?? TRACK_COLOURS.white!);
  const ground = parts[0]!;
  const shapes: TileShape[] = [{ kind: 'fill', colour: ground, rings: [hexRing(f)] }];
  // Two-colour tiles (green-brown): the half below the middle in the second colour.
  if (parts[1]) shapes.push({ kind: 'fill', colour: parts[1], rings: [lowerHalf(f)] });

  const where = new Map<string, Point>();
  for (const j of tile.junctions) where.set(j.id, junctionAt(f, j));
  const laid = layTrack(f, tile, where);
  const w = size * TRACK_WIDTH;
  // Casing first, for every track, so track drawn later crosses over earlier track cleanly.
  shapes.push({ kind: 'stroke', colour: PAPER, width: w * 1.35, lines: laid.map((t) => t.line) });
  for (const t of laid) shapes.push(...trackStroke(t, w));
  for (const t of laid) if (t.arrow !== undefined) shapes.push(arrowHead(f, t.arrow, w));

  const cities: DrawnCity[] = [];
  for (const j of tile.junctions) {
    const at = where.get(j.id)!;
    if (j.type === 'city') {
      const slots = slotCentres(Math.max(1, j.slots), size * CITY_RADIUS).map(([dx, dy]): Point => [at[0] + dx, at[1] + dy]);
      cities.push({ id: j.id, slots, slotRadius: size * CITY_RADIUS });
      shapes.push(...cityShapes(slots, at, size));
    } else shapes.push(...townShapes(j, at, laid.find((t) => t.bar === j.id)?.dir ?? null, size));
  }

  const used = [...usedAngles(f, tile), ...(options.keepClear ?? [])];
  // The lower-right corner carries the tile number: the last choice for revenue and label.
  const free = freeCorners(f, [...used, sideAngle(f, -0.5)]);
  const paying = tile.junctions.filter((j) => j.revenue > 0 || j.phaseRevenue?.length);
  const revenues = [...new Set(paying.map(revenueText))];
  for (const text of revenues) {
    const j = paying.find((x) => revenueText(x) === text)!;
    // Revenues named by phase colour print as coloured boxes above the centre; the rest in discs in free corners.
    if (j.phaseRevenue?.some((p) => TRACK_COLOURS[p.phase])) shapes.push(...phaseRevenueBoxes(j.phaseRevenue, [0, -size * 0.27], size, TRACK_COLOURS));
    else shapes.push(...revenueDisc(text, cornerPoint(f, free.shift(), 0.7), size));
  }
  if (tile.label) {
    const [x, y] = cornerPoint(f, free.shift(), 0.6);
    shapes.push({ kind: 'text', text: tile.label, x, y: y + size * 0.06, height: size * 0.12, colour: INK, anchor: 'middle' });
  }
  const printed = options.printed ?? (colourParts(tile.colour).some((c) => (COLOUR_PHASES as readonly string[]).includes(c)) ? tile.name : '');
  if (printed) shapes.push(tileNumber(f, printed.length > 6 ? tile.id : printed));
  const exits = [...new Set(tile.connections.flatMap((c) => [c.a, c.b]).flatMap((e) => (e.kind === 'side' ? [e.side] : [])))].sort((a, b) => a - b);
  return { ground, shapes, exits, cities, paths: laid.map((t) => t.path), revenues };
}

interface LaidTrack {
  readonly line: number[];
  readonly path: DrawnPath;
  readonly lanes: number;
  /** The side an off-board arrow points out of. */
  readonly arrow?: number;
  /** A town drawn as a bar across this track, and the track's direction there. */
  readonly bar?: string;
  readonly dir?: Point;
}

/**
 * The track as polylines. A town joined to exactly two different sides sits on the track
 * between them, half way along its curve (tiles 3, 4, 58 print so), drawn as a bar across it.
 */
function layTrack(f: TileFrame, tile: TrackTile, where: Map<string, Point>): LaidTrack[] {
  const out: LaidTrack[] = [];
  const onTrack = new Set<string>();
  for (const j of tile.junctions) {
    if (j.type !== 'town') continue;
    const cs = tile.connections.filter((c) => touches(c, j.id));
    const sides = cs.map((c) => (c.a.kind === 'side' ? c.a.side : c.b.kind === 'side' ? c.b.side : -1));
    if (cs.length !== 2 || sides.some((k) => k < 0) || sides[0] === sides[1]) continue;
    const line = sideToSide(f, sides[0]!, sides[1]!);
    const { at, dir } = midwayAlong(line);
    where.set(j.id, at);
    onTrack.add(j.id);
    const side = (k: number): TrackEnd => ({ kind: 'side', side: k });
    out.push({ line, lanes: 1, bar: j.id, dir, path: { a: side(sides[0]!), b: side(sides[1]!), curve: curveKind(sides[0]!, sides[1]!), gauge: cs[0]!.gauge } });
  }
  for (const c of tile.connections) {
    if (onTrack.size && [c.a, c.b].some((e) => e.kind === 'junction' && onTrack.has(e.id))) continue;
    out.push(layConnection(f, tile, c, where));
  }
  return out;
}

function layConnection(f: TileFrame, tile: TrackTile, c: Connection, where: Map<string, Point>): LaidTrack {
  const at = (e: TrackEnd): Point => (e.kind === 'side' ? sidePoint(f, e.side) : (where.get(e.id) ?? [0, 0]));
  const path = { a: c.a, b: c.b, gauge: c.gauge };
  if (c.a.kind === 'side' && c.b.kind === 'side') return { line: sideToSide(f, c.a.side, c.b.side), lanes: c.lanes ?? 1, path: { ...path, curve: curveKind(c.a.side, c.b.side) } };
  const [s, j] = c.a.kind === 'side' ? [c.a, c.b] : [c.b, c.a];
  const line = s.kind === 'side' ? sideToPoint(f, s.side, at(j)) : [...at(c.a), ...at(c.b)];
  const offmap = j.kind === 'junction' && tile.junctions.find((x) => x.id === j.id)?.type === 'offmap';
  const arrow = s.kind === 'side' && (c.terminal || offmap) ? s.side : undefined;
  return { line, lanes: c.lanes ?? 1, path: { ...path, curve: null }, ...(arrow !== undefined ? { arrow } : {}) };
}

const touches = (c: Connection, id: string) => [c.a, c.b].some((e) => e.kind === 'junction' && e.id === id);

function trackStroke(t: LaidTrack, w: number): TileShape[] {
  const { gauge } = t.path;
  if (gauge === 'narrow') return [{ kind: 'stroke', colour: INK, width: w * 0.55, lines: [t.line], dash: [w * 1.1, w * 0.7] }];
  const main: TileShape = { kind: 'stroke', colour: INK, width: t.lanes > 1 ? w * 1.6 : w, lines: [t.line] };
  if (gauge === 'dual') return [main, { kind: 'stroke', colour: PAPER, width: w * 0.3, lines: [t.line], dash: [w, w] }];
  // Double track: a pale line down the middle of a wider one.
  if (t.lanes > 1) return [main, { kind: 'stroke', colour: PAPER, width: w * 0.4, lines: [t.line] }];
  return [main];
}

/** An arrow at side k pointing off the board (off-board areas, terminal track). */
function arrowHead(f: TileFrame, k: number, w: number): TileShape {
  const a = sideAngle(f, k);
  const [ux, uy] = [Math.cos(a), Math.sin(a)];
  const [px, py] = [-uy, ux];
  const tip = halfWidth(f) - w * 0.2;
  const base = tip - w * 2.2;
  return { kind: 'fill', colour: INK, rings: [[ux * tip, uy * tip, ux * base + px * w * 1.3, uy * base + py * w * 1.3, ux * base - px * w * 1.3, uy * base - py * w * 1.3]] };
}

function junctionAt(f: TileFrame, j: Junction): Point {
  const p = j.position;
  if (!p || p.toward === null || !p.level) return [0, 0];
  const a = sideAngle(f, p.toward);
  const d = (Number.isInteger(p.toward) ? halfWidth(f) : cornerRadius(f)) * Math.min(0.8, p.level / 4);
  return [d * Math.cos(a), d * Math.sin(a)];
}

function lowerHalf(f: TileFrame): number[] {
  const ring = hexRing(f);
  const out: number[] = [];
  for (let i = 0; i < ring.length; i += 2) if (ring[i + 1]! >= -1e-9 * f.size) out.push(ring[i]!, ring[i + 1]!);
  return out;
}

/** Directions taken by track and by junctions off the centre, where lettering must not go. */
function usedAngles(f: TileFrame, tile: TrackTile): number[] {
  const used = tile.connections.flatMap((c) => [c.a, c.b]).flatMap((e) => (e.kind === 'side' ? [sideAngle(f, e.side)] : []));
  for (const j of tile.junctions) if (j.position?.toward != null && (j.position.level ?? 0) > 0) used.push(sideAngle(f, j.position.toward));
  return used;
}

/** The six corner directions, those farthest (in angle) from every used direction first. */
function freeCorners(f: TileFrame, used: readonly number[]): number[] {
  // Start at the upper left: ties keep it first (where 18xx tiles print revenue).
  const corners = Array.from({ length: 6 }, (_, k) => sideAngle(f, k + 2.5));
  const gap = (a: number) => (used.length ? Math.min(...used.map((u) => Math.abs(Math.atan2(Math.sin(a - u), Math.cos(a - u))))) : Math.PI);
  return corners.map((a, k) => ({ a, g: gap(a), k })).sort((p, q) => q.g - p.g || p.k - q.k).map((p) => p.a);
}

function cornerPoint(f: TileFrame, angle: number | undefined, reach: number): Point {
  const a = angle ?? sideAngle(f, 1.5);
  return [reach * cornerRadius(f) * Math.cos(a), reach * cornerRadius(f) * Math.sin(a)];
}

/** The tile number along the lower right edge, right-aligned a margin inside it. */
function tileNumber(f: TileFrame, text: string): TileShape {
  const { size } = f;
  const r = halfWidth(f);
  const base = r - size * 0.06;
  // On a flat tile the lower right edge is x cos 30° + y sin 30° = r; pointy tiles print it along the bottom right.
  const x = f.pointy ? r * 0.55 : (r - size * 0.04 - 0.5 * base) / Math.cos(Math.PI / 6);
  return { kind: 'text', text, x, y: f.pointy ? r * 0.8 : base, height: size * 0.055, colour: INK, anchor: 'end' };
}

function revenueText(j: Junction): string {
  return j.phaseRevenue?.length ? j.phaseRevenue.map((p) => p.value).join('/') : String(j.revenue);
}
