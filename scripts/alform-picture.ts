/**
 * Draws an AL-FORM map of vector tiles after rerouting, to look at (issue 12): area
 * instances (rerouted geometry where there is one), linear tiles, the river on top, contour
 * ticks on the uphill side. `node --import tsx scripts/alform-picture.ts square|hex out.svg`
 * then `convert out.svg out.png`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importSvg } from '../core/vector/svg.js';
import { listVectorTileFiles } from '../node/formats/vector-files.js';
import { alformGridOf, areaTiles, riverTiles, SHAPES } from '../core/assemble/alform.testkit.js';
import { assembleAlForm, AssemblyLibrary, buildAlFormTopology, decodePlacement, LinearLayer, placedTile, placeLinearFeature } from '../core/assemble/index.js';
import type { Grid } from '../core/grid/types.js';
import { derivCubic, evalCubic, sampleCurve, segment, segmentCount } from '../core/vector/bezier.js';
import type { VectorTile } from '../core/vector/types.js';
import type { Vec2 } from '../core/vector/vec2.js';
import { normalize } from '../core/vector/vec2.js';

const arg = process.argv[2] ?? 'square';
const starter = arg === 'hex-starter';
const kind = (starter ? 'hex' : arg) as 'square' | 'hex';
const out = process.argv[3] ?? `alform-${kind}.svg`;
const seed = Number(process.argv[4] ?? 5);

const g: Grid = kind === 'square' ? alformGridOf({ kind: 'square', width: 7, height: 6 }) : alformGridOf({ kind: 'hex-rectangle', width: 7, height: 6 });
const shape = kind === 'square' ? SHAPES.square : SHAPES.hex;
const tiles = starter ? starterArea() : areaTiles(shape);
const rivers = riverTiles(shape);
const linear = new LinearLayer(g);
const topo = buildAlFormTopology(g);
// A river: a walk over linear tiles from one side of the map into the middle and out the bottom.
const path = kind === 'square'
  ? [...Array.from({ length: 6 }, (_, y) => [3, y]), [4, 5], [5, 5], [6, 5], [7, 5], [7, 6], [7, 7], [7, 8]].map((c) => g.index(c))
  : through(g, [[0, 5.2], [2.6, 3.2], [5.5, 4.2], [7.8, 1.5], [10.5, 2]]);
placeLinearFeature(linear, path, rivers);
const r = assembleAlForm(g, new AssemblyLibrary(tiles), { seed, linear, linearTiles: rivers, ...(process.env.NOREROUTE ? { reroute: false } : {}) });
if (!r.ok) throw new Error(r.message);
console.log('routes by step', r.rerouted?.routesByStep, 'inserted', r.rerouted?.inserted, 'unresolved', r.rerouted?.unresolved.length);

const byId = new Map([...tiles, ...rivers].map((t) => [t.id, t]));
const parts: string[] = [];
const P = (p: Vec2, c: readonly number[], k: number): string => `${(c[0]! + p[0] * k).toFixed(4)} ${(-(c[1]! + p[1] * k)).toFixed(4)}`;
const colour: Record<string, string> = { road: '#8a2be2', contour: '#b07a2a', hills: '#b07a2a', forest: '#2e7d32', village: '#555', fields: '#c9a227', river: '#2266cc' };
function draw(t: VectorTile, c: readonly number[], k: number, width: number): void {
  for (const el of t.elements) {
    if (el.kind === 'point') continue;
    // Flattened into single segments: ImageMagick's own SVG renderer closes open paths and polylines.
    const pts = sampleCurve(el.curve, 24).map((s) => P(s.p, c, k).split(' '));
    for (let i = 1; i < pts.length; i++) parts.push(`<line x1="${pts[i - 1]![0]}" y1="${pts[i - 1]![1]}" x2="${pts[i]![0]}" y2="${pts[i]![1]}" stroke="${colour[el.terrain] ?? '#333'}" stroke-width="${width}"/>`);
    if (el.kind === 'area') {
      // Ticks on the uphill side.
      for (let s = 0; s < segmentCount(el.curve); s++) {
        const q = segment(el.curve, s);
        if (Math.hypot(q[3][0] - q[0][0], q[3][1] - q[0][1]) < 0.25) continue;
        for (const u of [0.5]) {
          const p = evalCubic(q, u), dv = normalize(derivCubic(q, u));
          const nrm: Vec2 = el.side === 'left' ? [-dv[1], dv[0]] : [dv[1], -dv[0]];
          parts.push(`<path d="M ${P(p, c, k)} L ${P([p[0] + nrm[0] * 0.08, p[1] + nrm[1] * 0.08], c, k)}" stroke="${colour.contour}" stroke-width="0.025"/>`);
        }
      }
    }
  }
}
for (const c of topo.areaCells) {
  const ctr = g.center(c);
  const corners = g.corners(c);
  parts.push(`<polygon points="${corners.map((p) => `${p[0]!.toFixed(3)},${(-p[1]!).toFixed(3)}`).join(' ')}" fill="#eef3e2" stroke="none"/>`);
  void ctr;
}
for (const c of topo.areaCells) {
  const inst = r.layer.get(c);
  if (!inst) continue;
  const t = r.rerouted?.tiles.get(c) ?? placedTile(byId.get(inst.tile)!, decodePlacement(inst.code), topo.cellShape(c));
  const sc = topo.cellShape(c);
  parts.push(`<polygon points="${sc.corners.map((p) => P(p, g.center(c), 1).replace(' ', ',')).join(' ')}" fill="none" stroke="#aaa" stroke-width="0.01" stroke-dasharray="0.05 0.05"/>`);
  draw(t, g.center(c), 1, 0.04);
}
for (const c of topo.linearCells) {
  const inst = r.linear.get(c);
  if (r.linear.isBlocking(c) && !inst) parts.push(`<polygon points="${g.corners(c).map((p) => `${p[0]!.toFixed(3)},${(-p[1]!).toFixed(3)}`).join(' ')}" fill="#cfe0f5" fill-opacity="0.6" stroke="none"/>`);
  if (!inst) continue;
  draw(placedTile(byId.get(inst.tile)!, decodePlacement(inst.code), topo.cellShape(c)), g.center(c), 0.5, 0.12);
}
const xs = topo.areaCells.length ? Array.from(topo.areaCells, (c) => g.center(c)) : [];
const minX = Math.min(...xs.map((p) => p[0]!)) - 1.3, maxX = Math.max(...xs.map((p) => p[0]!)) + 1.3;
const minY = Math.min(...xs.map((p) => -p[1]!)) - 1.3, maxY = Math.max(...xs.map((p) => -p[1]!)) + 1.3;
writeFileSync(out, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${minX} ${minY} ${maxX - minX} ${maxY - minY}" width="${Math.round((maxX - minX) * 90)}" height="${Math.round((maxY - minY) * 90)}"><rect x="${minX}" y="${minY}" width="${maxX - minX}" height="${maxY - minY}" fill="white"/>${parts.join('')}</svg>`);
console.log('wrote', out);


/** A river over linear tiles through model-space waypoints: shortest linear-tile paths between the nearest tiles. */
function through(grid: Grid, points: readonly (readonly [number, number])[]): number[] {
  const cls = topo.tileClass;
  const nearest = (p: readonly [number, number]): number =>
    Array.from(topo.linearCells).reduce((best, c) => (Math.hypot(grid.center(c)[0]! - p[0], grid.center(c)[1]! - p[1]) < Math.hypot(grid.center(best)[0]! - p[0], grid.center(best)[1]! - p[1]) ? c : best));
  const out: number[] = [nearest(points[0]!)];
  const nb = new Int32Array(8);
  for (let k = 1; k < points.length; k++) {
    const a = out[out.length - 1]!, b = nearest(points[k]!);
    const from = new Map<number, number>([[a, -1]]);
    const queue = [a];
    for (let h = 0; h < queue.length && !from.has(b); h++) {
      const deg = grid.neighbors(queue[h]!, nb);
      for (let d = 0; d < deg; d++) {
        const m = nb[d]!;
        if (m < 0 || cls[m] === 0 || from.has(m) || out.includes(m)) continue;
        from.set(m, queue[h]!);
        queue.push(m);
      }
    }
    const seg: number[] = [];
    for (let x = b; x !== a; x = from.get(x)!) seg.push(x);
    out.push(...seg.reverse());
  }
  return out;
}

/** The starter library's hexagons that hold area terrain (clear, forest, hills, road). */
function starterArea(): VectorTile[] {
  const dir = join(import.meta.dirname, '../resources/tiles/starter/hex');
  return ['clear', 'forest', 'hills', 'road'].flatMap((c) => listVectorTileFiles(join(dir, c)).map((f) => importSvg(readFileSync(f, 'utf8'), f).tile));
}
