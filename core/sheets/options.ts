/**
 * The choices a tile-sheet print takes (issue 29), the same for the CLI flags and the app's
 * dialog, with defaults and bounds checked in one place; every refusal is one line naming
 * the value and the range. Lengths are millimetres; `parseLength` reads "38mm", "1.5in", "38".
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { EXPORT_LIMITS } from '../util/limits.js';
import { rangeCheck } from '../util/in-range.js';

/** Paper sizes, portrait, millimetres (width, height). */
export const SHEET_PAPERS = {
  letter: [215.9, 279.4],
  a4: [210, 297],
  a3: [297, 420],
  '11x17': [279.4, 431.8],
  '12x18': [304.8, 457.2],
} as const satisfies Record<string, readonly [number, number]>;
export type SheetPaper = keyof typeof SHEET_PAPERS;
export const SHEET_PAPER_NAMES = Object.keys(SHEET_PAPERS) as SheetPaper[];

export const SHEET_LAYOUTS = ['individual', 'die', 'grid'] as const;
export type SheetLayoutKind = (typeof SHEET_LAYOUTS)[number];
export const BLEEDS_MM = [0, 3, 6] as const;
export const MM_PER_IN = 25.4;

export interface SheetOptions {
  readonly layout?: SheetLayoutKind;
  /** Width across flats of one tile on paper (default 38.1 mm = 1.5 in, the 18xx size). */
  readonly tileMm?: number;
  readonly paper?: SheetPaper;
  readonly landscape?: boolean;
  /** Printer-safe margin on every side of the page (default 6.35 mm = 0.25 in). */
  readonly marginMm?: number;
  /** Each tile's own background printed this far past its cut outline: 0, 3 or 6 (default 3). */
  readonly bleedMm?: number;
  /** Cut lines drawn in full along every cut outline, or only as marks outside the art. */
  readonly cut?: 'lines' | 'marks';
  /** Marks: gap between the bleed's edge and the mark (default 1 mm). */
  readonly markOffsetMm?: number;
  /** Marks: length of each mark (default 4 mm). */
  readonly markLengthMm?: number;
  /** A die-line layer (magenta hairline cut outlines) over everything, for die-cut services. */
  readonly dieTemplate?: boolean;
  /** Page numbers in the footer and a manifest page at the end (default true). */
  readonly pageNumbers?: boolean;
  readonly manifestPage?: boolean;
  /** Title printed in the footer (the game, the library). */
  readonly title?: string;
  /** Duplex backs: a colour (#rrggbb) behind every tile; none when absent. */
  readonly backColour?: string;
  /** Binding edge the printer flips over: long (mirror left-right in portrait) or short. */
  readonly duplex?: 'long' | 'short';
  /** Back pages shifted by this much (mm, +x right, +y down) to correct a printer's duplex drift. */
  readonly backOffsetMm?: readonly [number, number];
  /** PNG: pixels per inch (default 150). */
  readonly dpi?: number;
  /** Tiles a manifest lists as unlimited are printed this many times (default 6). */
  readonly unlimitedCount?: number;
}

export type CheckedSheetOptions = Required<Omit<SheetOptions, 'backColour' | 'title'>> & Pick<SheetOptions, 'backColour' | 'title'>;

export class SheetOptionError extends Error {
  override name = 'SheetOptionError';
}

const inRange = rangeCheck((message) => new SheetOptionError(message));

const oneOf = (what: string, v: unknown, allowed: readonly unknown[]): void => {
  if (v !== undefined && !allowed.includes(v)) throw new SheetOptionError(`${what} must be one of ${allowed.join(', ')}, got ${String(v).slice(0, 40)}`);
};

/** Checks every option; returns them with the defaults filled in. */
export function checkSheetOptions(o: SheetOptions): CheckedSheetOptions {
  oneOf('layout', o.layout, SHEET_LAYOUTS);
  oneOf('paper', o.paper, SHEET_PAPER_NAMES);
  oneOf('bleed (mm)', o.bleedMm, BLEEDS_MM);
  oneOf('cut', o.cut, ['lines', 'marks']);
  oneOf('duplex', o.duplex, ['long', 'short']);
  inRange('tile size (mm)', o.tileMm, 10, EXPORT_LIMITS.maxTileMm);
  inRange('margin (mm)', o.marginMm, 0, 40);
  inRange('mark offset (mm)', o.markOffsetMm, 0, 10);
  inRange('mark length (mm)', o.markLengthMm, 1, 15);
  inRange('dpi', o.dpi, 36, 1200);
  inRange('unlimited count', o.unlimitedCount, 0, 100, true);
  if (o.backOffsetMm !== undefined) o.backOffsetMm.forEach((v, k) => inRange(`back offset ${k === 0 ? 'x' : 'y'} (mm)`, v, -10, 10));
  if (o.backColour !== undefined && !/^#[0-9a-fA-F]{6}$/.test(o.backColour)) throw new SheetOptionError(`back colour must be #rrggbb, got ${o.backColour.slice(0, 40)}`);
  return {
    layout: o.layout ?? 'die',
    tileMm: o.tileMm ?? 1.5 * MM_PER_IN,
    paper: o.paper ?? 'letter',
    landscape: o.landscape ?? false,
    marginMm: o.marginMm ?? 0.25 * MM_PER_IN,
    bleedMm: o.bleedMm ?? 3,
    cut: o.cut ?? 'lines',
    markOffsetMm: o.markOffsetMm ?? 1,
    markLengthMm: o.markLengthMm ?? 4,
    dieTemplate: o.dieTemplate ?? false,
    pageNumbers: o.pageNumbers ?? true,
    manifestPage: o.manifestPage ?? true,
    title: o.title,
    backColour: o.backColour,
    duplex: o.duplex ?? 'long',
    backOffsetMm: o.backOffsetMm ?? [0, 0],
    dpi: o.dpi ?? 150,
    unlimitedCount: o.unlimitedCount ?? 6,
  };
}

/** The page's width and height in mm, landscape turned. */
export function pageSizeMm(o: Pick<CheckedSheetOptions, 'paper' | 'landscape'>): [number, number] {
  const [w, h] = SHEET_PAPERS[o.paper];
  return o.landscape ? [h, w] : [w, h];
}

/** "38mm", "1.5in", "1.5\"", "38" (mm) → millimetres; one line when it is none of these. */
export function parseLength(text: string, what: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(mm|in|"|)\s*$/.exec(text);
  if (!m) throw new SheetOptionError(`${what} must be a length such as 38mm or 1.5in, got ${text.slice(0, 40)}`);
  const v = Number(m[1]);
  return m[2] === 'in' || m[2] === '"' ? v * MM_PER_IN : v;
}
