/**
 * SVG path data (`d`) → cubic Bézier subpaths, in the path's own coordinates. All commands,
 * absolute and relative: M L H V C S Q T A Z. Lines and quadratics become cubics exactly;
 * elliptical arcs become one cubic per quarter turn or less (the standard 4/3·tan(θ/4)
 * handles, radial error below 2.7e-4 of the radius). Errors are plain `Error`s with a
 * message saying what was expected where; svg.ts wraps them in InputError with the file and
 * the element.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Cubic } from './bezier.js';
import { lineCubic, quadCubic } from './bezier.js';
import type { Vec2 } from './vec2.js';

export interface SubPath {
  readonly cubics: Cubic[];
  readonly closed: boolean;
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;

/** Largest number of path commands read from one `d`; a hostile file cannot make us loop for long. */
export const MAX_PATH_COMMANDS = 200_000;

class Scanner {
  i = 0;
  constructor(readonly s: string) {}
  skip(): void {
    while (this.i < this.s.length && /[\s,]/.test(this.s[this.i]!)) this.i++;
  }
  done(): boolean {
    this.skip();
    return this.i >= this.s.length;
  }
  peekCommand(): string | null {
    this.skip();
    const c = this.s[this.i];
    return c !== undefined && /[MLHVCSQTAZmlhvcsqtaz]/.test(c) ? c : null;
  }
  number(): number {
    this.skip();
    const m = NUMBER.exec(this.s.slice(this.i, this.i + 64));
    if (!m) throw new Error(`path data: expected a number at character ${this.i + 1}, got ${JSON.stringify(this.s.slice(this.i, this.i + 10))}`);
    this.i += m[0].length;
    const v = Number(m[0]);
    if (!Number.isFinite(v)) throw new Error(`path data: number out of range at character ${this.i}`);
    return v;
  }
  flag(): boolean {
    this.skip();
    const c = this.s[this.i];
    if (c !== '0' && c !== '1') throw new Error(`path data: expected an arc flag 0 or 1 at character ${this.i + 1}`);
    this.i++;
    return c === '1';
  }
  startsNumber(): boolean {
    this.skip();
    return /[0-9+\-.]/.test(this.s[this.i] ?? '');
  }
}

export function parsePathData(d: string): SubPath[] {
  const sc = new Scanner(d);
  const pen = new Pen(sc);
  let cmd: string | null = null;
  let count = 0;
  while (!sc.done()) {
    if (++count > MAX_PATH_COMMANDS) throw new Error(`path data: more than ${MAX_PATH_COMMANDS} commands`);
    const c = sc.peekCommand();
    if (c) {
      sc.i++;
      cmd = c;
    } else if (cmd === null || cmd === 'z' || cmd === 'Z') {
      throw new Error(`path data: expected a command letter at character ${sc.i + 1}, got ${JSON.stringify(d.slice(sc.i, sc.i + 10))}`);
    } else if (!sc.startsNumber()) {
      throw new Error(`path data: unexpected ${JSON.stringify(d.slice(sc.i, sc.i + 10))} at character ${sc.i + 1}`);
    }
    const letter: string = cmd!;
    const rel: boolean = letter === letter.toLowerCase();
    if (pen.draw(letter.toLowerCase(), rel)) cmd = rel ? 'l' : 'L'; // further pairs after a move are line-tos
  }
  pen.flush(false);
  return pen.out;
}

/** The pen of a path: sub-paths so far, where it stands, and the control point a following S or T reflects. */
class Pen {
  readonly out: SubPath[] = [];
  private cur: Cubic[] = [];
  private pos: Vec2 = [0, 0];
  private start: Vec2 = [0, 0];
  private lastCtrl: Vec2 | null = null; // reflected by S (cubic)
  private lastQuad: Vec2 | null = null; // reflected by T (quadratic)

  constructor(private readonly sc: Scanner) {}

  flush(closed: boolean): void {
    if (this.cur.length) this.out.push({ cubics: this.cur, closed });
    this.cur = [];
  }

  /** Draws `cubics` from the pen to `p`, remembering the control point a following S (`ctrl`) or T (`quad`) reflects. */
  private segment(cubics: readonly Cubic[], p: Vec2, ctrl: Vec2 | null = null, quad: Vec2 | null = null): void {
    this.cur.push(...cubics);
    this.pos = p;
    this.lastCtrl = ctrl;
    this.lastQuad = quad;
  }

  private lineTo(p: Vec2): void {
    this.segment([lineCubic(this.pos, p)], p);
  }

  private pt(rel: boolean): Vec2 {
    const x = this.sc.number(), y = this.sc.number();
    return rel ? [this.pos[0] + x, this.pos[1] + y] : [x, y];
  }

  /** Reads one command's arguments (lower-case letter `k`) and draws it; true for a move. */
  draw(k: string, rel: boolean): boolean {
    const sc = this.sc;
    const pos = this.pos;
    switch (k) {
      case 'm': {
        this.flush(false);
        this.pos = this.pt(rel);
        this.start = this.pos;
        this.lastCtrl = this.lastQuad = null;
        return true;
      }
      case 'l':
        this.lineTo(this.pt(rel));
        break;
      case 'h': {
        const x = sc.number();
        this.lineTo([rel ? pos[0] + x : x, pos[1]]);
        break;
      }
      case 'v': {
        const y = sc.number();
        this.lineTo([pos[0], rel ? pos[1] + y : y]);
        break;
      }
      case 'c': {
        const c1 = this.pt(rel), c2 = this.pt(rel), p = this.pt(rel);
        this.segment([[pos, c1, c2, p]], p, c2);
        break;
      }
      case 's': {
        const last = this.lastCtrl;
        const c1: Vec2 = last ? [2 * pos[0] - last[0], 2 * pos[1] - last[1]] : pos;
        const c2 = this.pt(rel), p = this.pt(rel);
        this.segment([[pos, c1, c2, p]], p, c2);
        break;
      }
      case 'q': {
        const q = this.pt(rel), p = this.pt(rel);
        this.segment([quadCubic(pos, q, p)], p, null, q);
        break;
      }
      case 't': {
        const last = this.lastQuad;
        const q: Vec2 = last ? [2 * pos[0] - last[0], 2 * pos[1] - last[1]] : pos;
        const p = this.pt(rel);
        this.segment([quadCubic(pos, q, p)], p, null, q);
        break;
      }
      case 'a': {
        const rx = sc.number(), ry = sc.number(), rot = sc.number();
        const large = sc.flag(), sweep = sc.flag();
        const p = this.pt(rel);
        this.segment(arcCubics(pos, rx, ry, rot, large, sweep, p), p);
        break;
      }
      case 'z': {
        if (pos[0] !== this.start[0] || pos[1] !== this.start[1]) this.cur.push(lineCubic(pos, this.start));
        this.pos = this.start;
        this.flush(true);
        this.lastCtrl = this.lastQuad = null;
        break;
      }
    }
    return false;
  }
}

/** SVG arc (endpoint form, SVG 1.1 F.6.5) → cubics of at most 90° each. */
export function arcCubics(p0: Vec2, rxIn: number, ryIn: number, rotDeg: number, large: boolean, sweep: boolean, p1: Vec2): Cubic[] {
  let rx = Math.abs(rxIn), ry = Math.abs(ryIn);
  if (rx === 0 || ry === 0 || (p0[0] === p1[0] && p0[1] === p1[1])) return p0[0] === p1[0] && p0[1] === p1[1] ? [] : [lineCubic(p0, p1)];
  const phi = (rotDeg * Math.PI) / 180;
  const cos = Math.cos(phi), sin = Math.sin(phi);
  const dx = (p0[0] - p1[0]) / 2, dy = (p0[1] - p1[1]) / 2;
  const x1 = cos * dx + sin * dy, y1 = -sin * dx + cos * dy;
  const lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1;
  const den = rx * rx * y1 * y1 + ry * ry * x1 * x1;
  let co = Math.sqrt(Math.max(0, num / den));
  if (large === sweep) co = -co;
  const cx1 = (co * rx * y1) / ry, cy1 = (-co * ry * x1) / rx;
  const cx = cos * cx1 - sin * cy1 + (p0[0] + p1[0]) / 2;
  const cy = sin * cx1 + cos * cy1 + (p0[1] + p1[1]) / 2;
  const ang = (ux: number, uy: number, vx: number, vy: number) => Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  const t1 = ang(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry);
  let dt = ang((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry);
  if (!sweep && dt > 0) dt -= 2 * Math.PI;
  else if (sweep && dt < 0) dt += 2 * Math.PI;
  const n = Math.max(1, Math.ceil(Math.abs(dt) / (Math.PI / 2) - 1e-9));
  const step = dt / n;
  const k = (4 / 3) * Math.tan(step / 4);
  const at = (t: number): Vec2 => [cx + rx * Math.cos(t) * cos - ry * Math.sin(t) * sin, cy + rx * Math.cos(t) * sin + ry * Math.sin(t) * cos];
  const der = (t: number): Vec2 => [-rx * Math.sin(t) * cos - ry * Math.cos(t) * sin, -rx * Math.sin(t) * sin + ry * Math.cos(t) * cos];
  const out: Cubic[] = [];
  let a: Vec2 = p0;
  for (let i = 0; i < n; i++) {
    const ta = t1 + i * step, tb = ta + step;
    const b = i === n - 1 ? p1 : at(tb);
    const da = der(ta), db = der(tb);
    out.push([a, [a[0] + k * da[0], a[1] + k * da[1]], [b[0] - k * db[0], b[1] - k * db[1]], b]);
    a = b;
  }
  return out;
}
