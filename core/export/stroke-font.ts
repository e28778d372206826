/**
 * A small single-stroke font (capitals, digits, a little punctuation) drawn as polylines, so
 * every export writes the same lettering without a font file or a DOM: the PNG rasterizer
 * strokes it, the SVG writes it as paths when text must not depend on installed fonts
 * (18xx-maker's users ask for text as paths, #358), and tests can measure it.
 *
 * Glyphs live on a 4 × 6 grid (x right, y up from the baseline; cap height 6), advance 6.
 * Lower case prints as capitals; characters without a glyph print as '?'.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

/** Strokes separated by spaces; each stroke a run of points written as two digits "xy". */
const GLYPHS: Record<string, string> = {
  A: '0004264440 0343',
  B: '00063645443303 3342413000',
  C: '4536160501103041',
  D: '00063645413000',
  E: '46060040 0333',
  F: '460600 0333',
  G: '45361605011030414323',
  H: '0006 4046 0343',
  I: '1636 2620 1030',
  J: '4641301001',
  K: '0006 4602 1340',
  L: '060040',
  M: '0006234640',
  N: '00064046',
  O: '103041453616050110',
  P: '00063645443303',
  Q: '103041453616050110 2240',
  R: '00063645443303 2340',
  S: '453616050413334241301001',
  T: '0646 2620',
  U: '060110304146',
  V: '062046',
  W: '0610233046',
  X: '0640 0046',
  Y: '062346 2320',
  Z: '06460040',
  '0': '103041453616050110 1435',
  '1': '152620 1030',
  '2': '05163645440040',
  '3': '05163645443313 334241301001',
  '4': '30360242',
  '5': '460603334241301001',
  '6': '4536160501103041423303',
  '7': '064610',
  '8': '13040516364544331302011030414233',
  '9': '4313040516364541301001',
  '-': '1333',
  '.': '2021',
  ',': '2110',
  ';': '2425 2110',
  '(': '36252130',
  ')': '16252110',
  '/': '0046',
  ':': '2122 2425',
  "'": '2624',
  '+': '2125 0343',
  '×': '1135 1531',
  '°': '253635262515',
  '?': '05163645442322 2021',
  '%': '0046 0506161505 4041313040',
  '=': '1232 1434',
  // Derived maps are named "… → tactical 1:12 …"; arrows and dashes designers type.
  '→': '0343 2543 2143',
  '·': '2223',
  '←': '0343 2503 2103',
  '–': '0343',
  '—': '0343',
  '&': '4001051636250241',
  '#': '1016 3036 0242 0444',
  '!': '2623 2021',
};

export const GLYPH_ADVANCE = 6;
export const GLYPH_HEIGHT = 6;

/** Polylines of one character, in glyph units. */
export function glyphStrokes(ch: string): number[][] {
  if (ch === ' ') return [];
  const spec = GLYPHS[ch.toUpperCase()] ?? GLYPHS['?']!;
  return spec.split(' ').map((s) => {
    const pts: number[] = [];
    for (let i = 0; i + 1 < s.length; i += 2) pts.push(Number(s[i]), Number(s[i + 1]));
    return pts;
  });
}

/** Width of `text` in glyph units (no trailing gap). */
export function textWidthUnits(text: string): number {
  return text.length ? text.length * GLYPH_ADVANCE - 2 : 0;
}

export type TextAnchor = 'start' | 'middle' | 'end';

/**
 * The polylines of `text` with its baseline at (x, y) and capitals `height` tall, in a
 * y-down frame (pixels, SVG): what a renderer strokes. Stroke width ~ height / 8 reads well.
 */
export function textPolylines(text: string, x: number, y: number, height: number, anchor: TextAnchor = 'start'): number[][] {
  const s = height / GLYPH_HEIGHT;
  const w = textWidthUnits(text) * s;
  let ox = anchor === 'middle' ? x - w / 2 : anchor === 'end' ? x - w : x;
  const out: number[][] = [];
  for (const ch of text) {
    for (const stroke of glyphStrokes(ch)) {
      const line: number[] = [];
      for (let i = 0; i < stroke.length; i += 2) line.push(ox + stroke[i]! * s, y - stroke[i + 1]! * s);
      out.push(line);
    }
    ox += GLYPH_ADVANCE * s;
  }
  return out;
}
