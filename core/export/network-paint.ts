/**
 * The picture exports' drawing of through-tile networks (PNG, SVG and PDF all paint through
 * compose.ts's Painter): the same shapes as the app (core/render network-drawing.ts and
 * network-symbols.ts), as strokes and fills — every line's darker casing, then bridges and
 * fords over the rivers, then the lines (railroads: ties and rail; trails: dashed), then
 * junction dots and level crossings.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { NetworkDrawing } from '../render/network-drawing.js';
import { lineLook, shade } from '../render/symbols.js';
import { railTies, TIE_WIDTH, bridgeShapes, CROSSING_INK, CROSSING_PAPER, DECK_COLOUR, discPolygon, fordShapes, levelCrossingShapes, PARAPET_COLOUR } from '../render/network-symbols.js';

/** What of compose.ts's Painter this needs (said here, so compose can import this module without a circle). */
export interface NetworkPainter {
  fills(colour: string, rings: readonly ArrayLike<number>[]): void;
  strokes(colour: string, width: number, lines: readonly ArrayLike<number>[], dash?: readonly [number, number]): void;
}

/** Scene → output coordinates and scale (output units per scene unit). */
export interface NetworkFrame {
  readonly tx: (x: number) => number;
  readonly ty: (y: number) => number;
  readonly scale: number;
}

/** Paints `drawing` through `painter`; returns how many network lines were drawn. */
export function paintNetworks(drawing: NetworkDrawing, f: NetworkFrame, painter: NetworkPainter): number {
  // A globe's drawing comes projected to longitude and latitude (scene.ts, network-lonlat.ts); unprojected points cannot be painted.
  if (drawing.dims !== 2) return 0;
  const { terrains, width } = drawing;
  const out = (xy: readonly number[]) => xy.map((v, i) => (i % 2 ? f.ty(v) : f.tx(v)));
  const w = (kind: number) => Math.max(1, width[kind]! * f.scale);
  for (const l of drawing.lines) {
    const t = terrains[l.kind];
    if (t) painter.strokes(shade(t.colour, 0.55), w(l.kind) * 1.6, [out(l.xy)]);
  }
  for (const b of drawing.bridges) {
    if (b.style === 'ford') {
      const s = fordShapes(b);
      painter.fills(b.stones, [out(s.band)]);
      painter.fills(shade(b.stones, 0.7), s.stones.map(([x, y]) => out(discPolygon(x, y, s.stoneRadius, 6))));
      continue;
    }
    const s = bridgeShapes(b, width[b.kind]!);
    painter.fills(PARAPET_COLOUR, [out(s.parapet)]);
    painter.strokes(PARAPET_COLOUR, s.wingWidth * f.scale, s.wings.map(out));
    painter.fills(DECK_COLOUR, [out(s.deck)]);
  }
  for (const l of drawing.lines) {
    const t = terrains[l.kind];
    if (!t) continue;
    const look = lineLook(t);
    const lw = w(l.kind);
    const xy = out(l.xy);
    if (look.ties) {
      painter.strokes(t.colour, lw * TIE_WIDTH, railTies(l.xy, width[l.kind]!).map(out));
      painter.strokes(t.colour, lw * 0.55, [xy]);
    } else if (look.dash) {
      painter.strokes(shade(t.colour, 1.5), lw, [xy]);
      painter.strokes(t.colour, lw, [xy], [lw * 2.5, lw * 1.5]);
    } else painter.strokes(t.colour, lw, [xy]);
  }
  for (const m of drawing.marks) {
    const mw = Math.max(...m.kinds.map((k) => width[k]!));
    if (m.type === 'level-crossing') {
      const l = levelCrossingShapes(m, mw);
      painter.fills(CROSSING_INK, [out(l.ink)]);
      painter.fills(CROSSING_PAPER, [out(l.paper)]);
      painter.strokes(CROSSING_INK, l.crossWidth * f.scale, l.cross.map(out));
    } else {
      const t = terrains[m.kinds[0]!];
      if (t) painter.fills(t.colour, [out(discPolygon(m.x, m.y, mw * 0.75))]);
    }
  }
  return drawing.lines.length;
}
