/**
 * A globe's network drawing (core/render network-drawing.ts, `dims` 3) on the export's
 * equirectangular plane (lonlat.ts): lines projected point by point to longitude and
 * latitude, unwrapped along the line (each point within 180° of the one before) and, with
 * `wrapCopies`, repeated shifted by ∓360 where they reach past ±180, as the linear features
 * are; bridges and marks placed at their lifted middle, a bridge turned along the road's
 * projected direction. Sizes (line widths, bridge length and width) go from model units to
 * degrees of latitude, the units the picture's other globe lines are measured in. The result
 * is a flat drawing (`dims` 2) that network-paint.ts paints like a flat map's.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { NetworkBridge, NetworkDrawing, NetworkLine, NetworkMark } from '../render/network-drawing.js';
import { liftToSphere } from '../render/network-globe.js';
import { lonShifts, toLonLat } from './lonlat.js';

const DEG = 180 / Math.PI;

/** `drawing` projected to degrees (see the header); a flat drawing comes back as it is. */
export function networksOnLonLat(drawing: NetworkDrawing, wrapCopies = true): NetworkDrawing {
  if (drawing.dims === 2 || drawing.lines.length === 0) return { ...drawing, dims: 2, lines: drawing.dims === 2 ? drawing.lines : [], bridges: drawing.dims === 2 ? drawing.bridges : [], marks: drawing.dims === 2 ? drawing.marks : [] };
  const first = drawing.lines[0]!.xy;
  const perUnit = DEG / Math.hypot(first[0]!, first[1]!, first[2]!);
  const ll = [0, 0];
  const lines: NetworkLine[] = [];
  for (const l of drawing.lines) {
    const xy: number[] = [];
    for (let i = 0; i + 2 < l.xy.length; i += 3) {
      toLonLat(l.xy[i]!, l.xy[i + 1]!, l.xy[i + 2]!, ll);
      let lon = ll[0]!;
      if (xy.length) lon = unwrap(lon, xy[xy.length - 2]!);
      xy.push(lon, ll[1]!);
    }
    lines.push({ kind: l.kind, xy });
    if (wrapCopies) for (const s of lonShifts(xy, 0, xy.length)) lines.push({ kind: l.kind, xy: xy.map((v, i) => (i % 2 ? v : v + s)) });
  }
  const bridges: NetworkBridge[] = [];
  for (const b of drawing.bridges) {
    if (!b.frame) continue;
    const [x, y] = projected(b, b.x, b.y);
    // The road's direction on the picture: toward a point a little along it, unwrapped.
    const [qx, qy] = projected(b, b.x + b.dx * b.length * 0.25, b.y + b.dy * b.length * 0.25);
    const dx = unwrap(qx, x) - x;
    const dy = qy - y;
    const l = Math.hypot(dx, dy) || 1;
    const { frame: _frame, ...flat } = b;
    bridges.push({ ...flat, x, y, dx: dx / l, dy: dy / l, length: b.length * perUnit, width: b.width * perUnit });
  }
  const marks: NetworkMark[] = [];
  for (const m of drawing.marks) {
    if (!m.frame) continue;
    const [x, y] = projected(m, m.x, m.y);
    const { frame: _frame, ...flat } = m;
    marks.push({ ...flat, x, y });
  }
  return { ...drawing, dims: 2, lines, bridges, marks, width: drawing.width.map((w) => w * perUnit) };
}

/** Plane point (x, y) of a bridge's or mark's tile frame, as longitude and latitude. */
function projected(item: NetworkBridge | NetworkMark, x: number, y: number): [number, number] {
  const p = liftToSphere(item.frame!, x, y);
  const out = [0, 0];
  toLonLat(p[0], p[1], p[2], out);
  return [out[0]!, out[1]!];
}

/** `lon` moved by whole turns to within 180° of `near`. */
function unwrap(lon: number, near: number): number {
  let v = lon;
  while (v - near > 180) v -= 360;
  while (v - near < -180) v += 360;
  return v;
}
