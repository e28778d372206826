/**
 * Red Blob Games' hex coordinate forms (https://www.redblobgames.com/grids/hexagons/), as
 * programmers who follow that guide (and honeycomb-grid) write them.
 *
 * Red Blob draws on a y-down screen; our model space is y up. Their flat-top axial (q, r)
 * is our 120° axial (x, −y): same q axis (south-east), r pointing south where our y points
 * north. For the pointy-top forms our map is shown with layout rotation POINTY_TOP_ROTATION
 * (270, a quarter turn clockwise); their pointy axial (q, r) is then our (y − x, x), i.e.
 * x = r, y = q + r.
 *
 *   flat-top (rotation 0)          pointy-top (rotation 270)
 *   odd-q:  col = q, row = r + (q − (q&1))/2     odd-r:  col = q + (r − (r&1))/2, row = r
 *   even-q: col = q, row = r + (q + (q&1))/2     even-r: col = q + (r + (r&1))/2, row = r
 *   doubled-height: col = q, row = 2r + q        doubled-width: col = 2q + r, row = r
 *
 * On our classic hex-rectangle (odd columns lower) the odd-q rows of a W×H map run
 * 0, −1, … −(H−1) (their rows grow down, ours up), and the same map shown pointy-top is
 * exactly the even-r rectangle col = k, row = x (k = position in the column).
 * Doubled forms exist only where col + row is even.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import type { Axial120 } from '../grid/coordinates.js';
import { axial120 } from '../grid/coordinates.js';
import { describeMap, requireIntegers, requireKind, requireTile } from './common.js';

export type RedBlobOffsetForm = 'odd-q' | 'even-q' | 'odd-r' | 'even-r';
export type RedBlobDoubledForm = 'doubled-height' | 'doubled-width';
export type RedBlobAxialForm = 'axial-flat' | 'axial-pointy';
export type RedBlobForm = RedBlobAxialForm | RedBlobOffsetForm | RedBlobDoubledForm;

/** A coordinate in one of Red Blob's forms (which one is the `form` beside it). Type-only tag, as in core/grid/coordinates.ts. */
export type RedBlobCoord = [a: number, b: number] & { readonly __system: 'redblob' };
export const redBlobCoord = (a: number, b: number): RedBlobCoord => [a, b] as RedBlobCoord;

export const RED_BLOB_FORMS: readonly RedBlobForm[] = ['axial-flat', 'axial-pointy', 'odd-q', 'even-q', 'odd-r', 'even-r', 'doubled-height', 'doubled-width'];

/** Our 120° axial → Red Blob axial (q, r) for flat-top or pointy-top display. */
export function toRedBlobAxial(x: number, y: number, orientation: 'flat' | 'pointy'): RedBlobCoord {
  return orientation === 'flat' ? redBlobCoord(x, -y + 0) : redBlobCoord(y - x, x);
}

/** Red Blob axial (q, r) → our 120° axial. */
export function fromRedBlobAxial(q: number, r: number, orientation: 'flat' | 'pointy'): Axial120 {
  return orientation === 'flat' ? axial120(q, -r + 0) : axial120(r, q + r);
}

/** (v − (v&1))/2 and (v + (v&1))/2: how far the odd and even offset forms shift line v. */
const oddShift = (v: number) => (v - (v & 1)) / 2;
const evenShift = (v: number) => (v + (v & 1)) / 2;

/**
 * Each form as a pair of maps between Red Blob axial (q, r) in the form's display and the
 * form's own (a, b) — the table in this file's header, one row a form.
 */
const FORMS: Record<RedBlobForm, { display: 'flat' | 'pointy'; to(q: number, r: number): [number, number]; from(a: number, b: number): [number, number] }> = {
  'axial-flat': { display: 'flat', to: (q, r) => [q, r], from: (a, b) => [a, b] },
  'axial-pointy': { display: 'pointy', to: (q, r) => [q, r], from: (a, b) => [a, b] },
  'odd-q': { display: 'flat', to: (q, r) => [q, r + oddShift(q)], from: (a, b) => [a, b - oddShift(a)] },
  'even-q': { display: 'flat', to: (q, r) => [q, r + evenShift(q)], from: (a, b) => [a, b - evenShift(a)] },
  'odd-r': { display: 'pointy', to: (q, r) => [q + oddShift(r), r], from: (a, b) => [a - oddShift(b), b] },
  'even-r': { display: 'pointy', to: (q, r) => [q + evenShift(r), r], from: (a, b) => [a - evenShift(b), b] },
  'doubled-height': { display: 'flat', to: (q, r) => [q, 2 * r + q], from: (a, b) => [a, (b - a) / 2] },
  'doubled-width': { display: 'pointy', to: (q, r) => [2 * q + r, r], from: (a, b) => [(a - b) / 2, b] },
};

function formOf(form: RedBlobForm): (typeof FORMS)[RedBlobForm] {
  if (!RED_BLOB_FORMS.includes(form)) throw unknownForm(form as never);
  return FORMS[form];
}

/** Our 120° axial → one of Red Blob's forms. */
export function toRedBlob(x: number, y: number, form: RedBlobForm): RedBlobCoord {
  requireIntegers('120° axial', x, y);
  const { display, to } = formOf(form);
  const [q, r] = toRedBlobAxial(x, y, display);
  const [a, b] = to(q, r);
  return redBlobCoord(a, b);
}

/** One of Red Blob's forms → our 120° axial. Throws on non-integers and on doubled coordinates of odd sum. */
export function fromRedBlob(a: number, b: number, form: RedBlobForm): Axial120 {
  requireIntegers(`Red Blob ${form}`, a, b);
  const { display, from } = formOf(form);
  if ((form === 'doubled-height' || form === 'doubled-width') && (a + b) % 2 !== 0) throw new Error(`Red Blob ${form} coordinates need an even col + row, got [${a}, ${b}]`);
  const [q, r] = from(a, b);
  return fromRedBlobAxial(q, r, display);
}

/** A tile of a hex map in one of Red Blob's forms. */
export function tileToRedBlob(grid: Grid, index: number, form: RedBlobForm): RedBlobCoord {
  requireKind(grid, 'Red Blob coordinates', ['hex-rectangle', 'hex-hexagon']);
  requireTile(grid, index);
  const [x, y] = grid.toSystem(index, 'axial120') as [number, number];
  return toRedBlob(x, y, form);
}

/** The tile at a Red Blob coordinate; throws if it is not on the map. */
export function redBlobToTile(grid: Grid, coord: readonly number[], form: RedBlobForm): number {
  requireKind(grid, 'Red Blob coordinates', ['hex-rectangle', 'hex-hexagon']);
  if (coord.length !== 2) throw new Error(`Red Blob ${form} coordinates are [${form.startsWith('axial') ? 'q, r' : 'col, row'}], got ${JSON.stringify(coord)}`);
  const [x, y] = fromRedBlob(coord[0]!, coord[1]!, form);
  const t = grid.fromSystem([x, y], 'axial120');
  if (t < 0) throw new Error(`Red Blob ${form} [${coord[0]}, ${coord[1]}] is not on this ${describeMap(grid)} map`);
  return t;
}

function unknownForm(form: never): Error {
  return new Error(`Red Blob form must be one of ${RED_BLOB_FORMS.join(', ')}, got ${JSON.stringify(form)}`);
}
