/**
 * The invisible text layer under stroke-font lettering in a PDF (issue 29: "fonts embedded or
 * text as paths"). Text drawn as stroke-font lines (stroke-font.ts) needs no font, but is not
 * text: pdftotext, a viewer's search and a copy-paste would find nothing. So the same words are
 * also written in text render mode 3 (invisible, as OCR'd scans carry their text) in a Type 3
 * font defined inside the file — every glyph empty, every advance the stroke font's (one cap
 * height), a ToUnicode map for extraction. The file references no font it does not carry:
 * `pdffonts` lists one Type 3 font, embedded.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { PDFHexString, type PDFDocument, type PDFRef } from 'pdf-lib';

/** Codes 32–126 are ASCII; the stroke font's other characters follow from 128. */
const EXTRA = ['×', '°', '→', '·', '←', '–', '—'];
const FIRST = 32;
const LAST = 128 + EXTRA.length - 1;
const hex4 = (v: number) => v.toString(16).toUpperCase().padStart(4, '0');
const unicodeOf = (code: number) => (code < 127 ? code : code < 128 ? 0x3f : EXTRA[code - 128]!.codePointAt(0)!);

/** The byte of `ch` in the layer's font; characters it lacks read as '?', as the strokes draw them. */
function codeOf(ch: string): number {
  const c = ch.codePointAt(0)!;
  if (c >= FIRST && c < 127) return c;
  const k = EXTRA.indexOf(ch);
  return k >= 0 ? 128 + k : 0x3f;
}

/** `text` as a PDF hex string in the layer font's encoding. */
export function strokeTextString(text: string): PDFHexString {
  return PDFHexString.of([...text].map((ch) => codeOf(ch).toString(16).padStart(2, '0')).join(''));
}

const fonts = new WeakMap<PDFDocument, PDFRef>();

/** The layer's Type 3 font, made once per document. Size it by cap height: its advance is 1 text unit. */
export function strokeTextFont(doc: PDFDocument): PDFRef {
  const known = fonts.get(doc);
  if (known) return known;
  const ctx = doc.context;
  const codes = Array.from({ length: LAST - FIRST + 1 }, (_, i) => FIRST + i);
  const empty = ctx.register(ctx.stream('1000 0 0 0 0 0 d1'));
  const name = (code: number) => `u${hex4(code)}`;
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def /CMapType 2 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    `${codes.length} beginbfchar`,
    ...codes.map((c) => `<${c.toString(16).padStart(2, '0')}> <${hex4(unicodeOf(c))}>`),
    'endbfchar endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  const ref = ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'Type3',
      Name: 'SandtableText',
      FontBBox: [0, 0, 1000, 1000],
      FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      CharProcs: Object.fromEntries(codes.map((c) => [name(c), empty])),
      Encoding: { Type: 'Encoding', Differences: [FIRST, ...codes.map(name)] },
      FirstChar: FIRST,
      LastChar: LAST,
      Widths: codes.map(() => 1000),
      Resources: {},
      ToUnicode: ctx.register(ctx.flateStream(cmap)),
    }),
  );
  fonts.set(doc, ref);
  return ref;
}
