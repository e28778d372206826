/**
 * The label layer of a map (issue 30 item 1): place names, hex labels, river names and notes.
 * A label is a few words on the map, not a tile property, so the layer is a short list of
 * objects (`TerrainMap.labels`), never a typed array: maps carry tens or hundreds of labels.
 *
 * Each label has an anchor — a tile (the text sits on its centre), a model-space point (x, y
 * on a flat map; a unit-sphere x, y, z on a globe), or a
 * chain of tiles along a linear feature (a river's name: the text sits at the chain's middle,
 * turned along it) — a style class (place / hex / river / note: the look the exports and the
 * app give it), a size (text height in tile spacings, so a label keeps its size against the
 * hexes whatever the zoom or the export scale; on AL-FORM maps an area tile is two grid
 * spacings across) and a rotation in degrees (counter-clockwise,
 * added to an along-anchor's own direction).
 *
 * The edits are pure: each returns the new list, so the project store can journal the list
 * before and after as one undo step. `readLabels` checks untrusted JSON (a map file, a
 * database row, a contract argument) and names the path of the first problem.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import { InputError, JsonReader } from '../util/input-error.js';
import { quoted } from '../util/bounded.js';

export const LABEL_STYLES = ['place', 'hex', 'river', 'note'] as const;
export type LabelStyle = (typeof LABEL_STYLES)[number];

/**
 * Where a label is anchored. A point is [x, y] on a flat map and a unit-sphere point
 * [x, y, z] on a globe (globe-labels.ts places it); a two-number point read from a globe
 * map (none was written by the app before globe labels) is kept as it is but not placed.
 */
export type LabelPoint = readonly [number, number] | readonly [number, number, number];
export type LabelAnchor = { readonly tile: number } | { readonly point: LabelPoint } | { readonly along: readonly number[] };

export interface MapLabel {
  /** Unique within the map ("l1", "l2", …: nextLabelId). */
  readonly id: string;
  readonly text: string;
  readonly anchor: LabelAnchor;
  readonly style: LabelStyle;
  /** Text height in area tiles (across flats: grid.spacing(), twice that on AL-FORM maps). */
  readonly size: number;
  /** Degrees, counter-clockwise. */
  readonly rotation: number;
}

/** What a new label of each style looks like unless the designer says otherwise (text height in area tiles). */
export const DEFAULT_LABEL_SIZE: Readonly<Record<LabelStyle, number>> = { place: 0.45, hex: 0.28, river: 0.32, note: 0.3 };

export const MAX_LABELS = 10_000;
export const MAX_LABEL_TEXT = 200;
export const MAX_ALONG = 4096;
export const MIN_LABEL_SIZE = 0.05;
export const MAX_LABEL_SIZE = 20;

/** What placing a label reads of a map: its grid, and whether it is AL-FORM (area tiles two spacings across). */
export interface LabelledMap {
  readonly grid: Grid;
  readonly spec: { readonly alform: boolean };
}

/** An area tile across flats in model units: the unit of a label's size. */
export function areaAcross(map: LabelledMap): number {
  return map.grid.spacing() * (map.spec.alform ? 2 : 1);
}

/** Where a label sits in model space and the angle its baseline runs at (radians, counter-clockwise). */
export interface LabelPlacement {
  readonly x: number;
  readonly y: number;
  readonly angle: number;
  /** Text height in model units. */
  readonly height: number;
}

/**
 * The label's centre and baseline angle on the map (flat maps: x, y of the model plane). An
 * along-anchor sits at the middle of its chain, turned along the chain's overall direction
 * (first tile to last) and flipped when that would put the text upside down.
 */
export function placeLabel(map: LabelledMap, label: MapLabel): LabelPlacement {
  const { grid } = map;
  const height = label.size * areaAcross(map);
  const turn = (label.rotation * Math.PI) / 180;
  const a = label.anchor;
  // (Globes: globe-labels.ts placeOnSphere; only its flat callers read this.)
  if ('point' in a) return { x: a.point[0], y: a.point[1], angle: turn, height };
  if ('tile' in a) {
    const c = grid.center(a.tile);
    return { x: c[0]!, y: c[1]!, angle: turn, height };
  }
  const pts = a.along.map((t) => grid.center(t));
  const mid = midpointOfChain(pts.map((p) => [p[0]!, p[1]!] as const));
  // The chain's overall direction, first tile to last: a river along hexsides zig-zags, and
  // its name follows the river, not each hexside.
  const first = pts[0]!;
  const last = pts[pts.length - 1]!;
  let angle = Math.atan2(last[1]! - first[1]!, last[0]! - first[0]!);
  // Text reads left to right: a chain drawn right-to-left gets its name turned the other way.
  if (angle > Math.PI / 2) angle -= Math.PI;
  else if (angle < -Math.PI / 2) angle += Math.PI;
  return { x: mid.x, y: mid.y, angle: angle + turn, height };
}

/** The point halfway along a polyline (by length). */
function midpointOfChain(pts: readonly (readonly [number, number])[]): { x: number; y: number } {
  if (pts.length === 1) return { x: pts[0]![0], y: pts[0]![1] };
  const lengths = pts.slice(1).map((p, k) => Math.hypot(p[0] - pts[k]![0], p[1] - pts[k]![1]));
  let rest = lengths.reduce((s, l) => s + l, 0) / 2;
  for (let k = 0; k < lengths.length; k++) {
    const [ax, ay] = pts[k]!;
    const [bx, by] = pts[k + 1]!;
    if (rest <= lengths[k]! || k === lengths.length - 1) {
      const t = lengths[k]! > 0 ? Math.min(1, rest / lengths[k]!) : 0;
      return { x: ax + (bx - ax) * t, y: ay + (by - ay) * t };
    }
    rest -= lengths[k]!;
  }
  return { x: pts[0]![0], y: pts[0]![1] };
}

/** The next free id of the form "l<n>". */
export function nextLabelId(labels: readonly MapLabel[]): string {
  let max = 0;
  for (const l of labels) {
    const m = /^l(\d+)$/.exec(l.id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `l${max + 1}`;
}

/** What a designer gives for a new label; the rest takes the style's defaults. */
export interface NewLabel {
  readonly text: string;
  readonly anchor: LabelAnchor;
  readonly style: LabelStyle;
  readonly size?: number;
  readonly rotation?: number;
}

/** The list with a new label added (its id from nextLabelId); checked against `grid`. */
export function addLabel(grid: Grid, labels: readonly MapLabel[], spec: NewLabel): { labels: MapLabel[]; label: MapLabel } {
  if (labels.length >= MAX_LABELS) throw new Error(`a map holds at most ${MAX_LABELS} labels`);
  const label: MapLabel = {
    id: nextLabelId(labels),
    text: spec.text,
    anchor: spec.anchor,
    style: spec.style,
    size: spec.size ?? DEFAULT_LABEL_SIZE[spec.style],
    rotation: spec.rotation ?? 0,
  };
  const [checked] = readLabels([label], grid, 'label');
  return { labels: [...labels, checked!], label: checked! };
}

/** The fields an edit may change. */
export type LabelPatch = Partial<Omit<MapLabel, 'id'>>;

/** The list with label `id` changed by `patch` (moved, retyped, restyled, resized, turned). */
export function updateLabel(grid: Grid, labels: readonly MapLabel[], id: string, patch: LabelPatch): MapLabel[] {
  const k = indexOfLabel(labels, id);
  const next = { ...labels[k]!, ...patch, id };
  const [checked] = readLabels([next], grid, `label ${quoted(id)}`);
  return labels.map((l, j) => (j === k ? checked! : l));
}

/** The list without label `id`. */
export function removeLabel(labels: readonly MapLabel[], id: string): MapLabel[] {
  const k = indexOfLabel(labels, id);
  return labels.filter((_, j) => j !== k);
}

function indexOfLabel(labels: readonly MapLabel[], id: string): number {
  const k = labels.findIndex((l) => l.id === id);
  if (k < 0) throw new Error(`this map has no label ${quoted(id)}`);
  return k;
}

/**
 * Labels from untrusted JSON, checked against `grid` (tiles on the map, along-chains of
 * neighbouring tiles). Throws an InputError naming the path (`$.labels[3].anchor.tile`).
 */
export function readLabels(value: unknown, grid: Grid, source: string, path = '$'): MapLabel[] {
  const r = new JsonReader(source);
  const list = r.array(value, path);
  if (list.length > MAX_LABELS) r.fail(path, `at most ${MAX_LABELS} labels`, list);
  const ids = new Set<string>();
  return list.map((item, k) => {
    const at = `${path}[${k}]`;
    const o = r.object(item, at);
    r.onlyKeys(o, at, ['id', 'text', 'anchor', 'style', 'size', 'rotation']);
    const id = r.string(o.id, `${at}.id`);
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(id)) r.fail(`${at}.id`, 'an id of 1–40 letters, digits, _ or -', id);
    if (ids.has(id)) throw new InputError(source, `${at}.id`, `label id ${quoted(id)} is used twice`);
    ids.add(id);
    const text = r.string(o.text, `${at}.text`);
    if (text.trim() === '' || text.length > MAX_LABEL_TEXT || /[\n\r\0]/.test(text)) r.fail(`${at}.text`, `one line of 1–${MAX_LABEL_TEXT} characters, not only spaces`, text);
    return {
      id,
      text,
      anchor: readAnchor(r, o.anchor, `${at}.anchor`, grid),
      style: r.oneOf(o.style, `${at}.style`, LABEL_STYLES),
      size: r.number(o.size, `${at}.size`, MIN_LABEL_SIZE, MAX_LABEL_SIZE),
      rotation: r.number(o.rotation, `${at}.rotation`, -360, 360),
    };
  });
}

function readAnchor(r: JsonReader, value: unknown, path: string, grid: Grid): LabelAnchor {
  const o = r.object(value, path);
  const keys = Object.keys(o);
  if (keys.length !== 1 || !['tile', 'point', 'along'].includes(keys[0]!)) r.fail(path, 'one of {"tile"}, {"point"} or {"along"}', keys.join(', ') || 'an empty object');
  const tile = (v: unknown, at: string): number => r.integer(v, at, 0, grid.tileCount - 1);
  if ('tile' in o) return { tile: tile(o.tile, `${path}.tile`) };
  if ('point' in o) return { point: readPoint(r, o.point, `${path}.point`, grid.modelDimensions === 3) };
  const list = r.array(o.along, `${path}.along`);
  if (list.length < 2 || list.length > MAX_ALONG) r.fail(`${path}.along`, `a chain of 2–${MAX_ALONG} tiles`, list);
  const along = list.map((v, k) => tile(v, `${path}.along[${k}]`));
  for (let k = 1; k < along.length; k++) {
    if (grid.distance(along[k - 1]!, along[k]!) !== 1) r.fail(`${path}.along[${k}]`, `a neighbour of tile ${along[k - 1]}`, along[k]);
  }
  return { along };
}

/**
 * A point anchor: [x, y] on a flat map; on a globe a unit-sphere [x, y, z] (a length within
 * 1% of 1 is put back on the sphere; rounding in a file must not move the label off it) or,
 * as files written before globe labels may hold, two numbers (kept, not placed).
 */
function readPoint(r: JsonReader, value: unknown, path: string, globe: boolean): LabelPoint {
  const p = r.array(value, path);
  if (p.length !== 2 && !(globe && p.length === 3)) r.fail(path, globe ? 'a unit-sphere point [x, y, z]' : 'two numbers [x, y]', p);
  const n = p.map((v, k) => r.number(v, `${path}[${k}]`, -1e9, 1e9));
  if (n.length === 2) return [n[0]!, n[1]!];
  const len = Math.hypot(n[0]!, n[1]!, n[2]!);
  if (Math.abs(len - 1) > 0.01) r.fail(path, 'a unit-sphere point [x, y, z] (length 1)', p);
  // On the sphere to rounding already: kept as written, so a file reads back to equal numbers.
  if (Math.abs(len - 1) < 1e-9) return [n[0]!, n[1]!, n[2]!];
  return [n[0]! / len, n[1]! / len, n[2]! / len];
}

function copyPoint(p: LabelPoint): LabelPoint {
  return p.length === 3 ? [p[0], p[1], p[2]] : [p[0], p[1]];
}

/** Labels as JSON (the map file's `labels`, the store's column): plain objects in one key order, so equal lists write equal text. */
export function labelsToJson(labels: readonly MapLabel[]): MapLabel[] {
  return labels.map((l) => ({
    id: l.id,
    text: l.text,
    anchor: 'point' in l.anchor ? { point: copyPoint(l.anchor.point) } : 'tile' in l.anchor ? { tile: l.anchor.tile } : { along: [...l.anchor.along] },
    style: l.style,
    size: l.size,
    rotation: l.rotation,
  }));
}

/**
 * The labels of a map carried onto a resized copy (core/map/resize.ts): `targets[t]` is old
 * tile t's new index (−1: cut off). Tile and along anchors follow their tiles; point anchors
 * move by the same model-space translation as the tiles. A label whose tile is cut off goes.
 */
export function moveLabels(labels: readonly MapLabel[], targets: Int32Array, from: Grid, to: Grid): MapLabel[] {
  let shift: [number, number] | null = null;
  for (let t = 0; t < targets.length && !shift; t++) {
    if (targets[t]! < 0) continue;
    const a = from.center(t);
    const b = to.center(targets[t]!);
    shift = [b[0]! - a[0]!, b[1]! - a[1]!];
  }
  const out: MapLabel[] = [];
  for (const l of labels) {
    const a = l.anchor;
    if ('point' in a && a.point.length === 3) {
      // A globe's point is on the unit sphere whatever the grid's resolution.
      out.push(l);
    } else if ('point' in a) {
      if (shift) out.push({ ...l, anchor: { point: [a.point[0] + shift[0], a.point[1] + shift[1]] } });
    } else if ('tile' in a) {
      if (targets[a.tile]! >= 0) out.push({ ...l, anchor: { tile: targets[a.tile]! } });
    } else {
      const along = a.along.map((t) => targets[t]!);
      if (along.every((t) => t >= 0)) out.push({ ...l, anchor: { along } });
    }
  }
  return out;
}

/**
 * A chain through `start` of at most 2·`reach` + 1 tiles of `feature` (a river's tiles:
 * core/map/feature-fill.ts featureRegion), each a neighbour of the one before — what a river's
 * name is set along where the designer clicked. It walks both ways from `start`, at each step
 * to the unvisited feature tile that bends least; a lone tile gives [start].
 */
export function chainAlong(grid: Grid, feature: readonly number[], start: number, reach = 4): number[] {
  const inFeature = new Set(feature);
  const seen = new Set([start]);
  const nb = new Int32Array(grid.directions);
  const walk = (): number[] => {
    const out: number[] = [];
    let prev = -1;
    let at = start;
    while (out.length < reach) {
      const deg = grid.neighbors(at, nb);
      let best = -1;
      let bestTurn = Infinity;
      for (let d = 0; d < deg; d++) {
        const t = nb[d]!;
        if (t < 0 || !inFeature.has(t) || seen.has(t)) continue;
        const turn = prev < 0 ? 0 : bend(grid, prev, at, t);
        if (turn < bestTurn) [best, bestTurn] = [t, turn];
      }
      if (best < 0) break;
      seen.add(best);
      out.push(best);
      prev = at;
      at = best;
    }
    return out;
  };
  const ahead = walk();
  const behind = walk();
  return [...behind.reverse(), start, ...ahead];
}

/** How far the path a → b → c turns at b (0 straight on … 2 straight back); in 3-D on a globe. */
function bend(grid: Grid, a: number, b: number, c: number): number {
  const [pa, pb, pc] = [grid.center(a), grid.center(b), grid.center(c)];
  const u = pb.map((v, k) => v - pa[k]!);
  const v = pc.map((w, k) => w - pb[k]!);
  const dot = u.reduce((s, x, k) => s + x * v[k]!, 0);
  return 1 - dot / (Math.hypot(...u) * Math.hypot(...v) || 1);
}
