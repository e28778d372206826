/**
 * Terrain symbols, the one home of their shapes: the catalogue names a fill pattern per
 * terrain (`pattern`, drawn in `secondaryColour`), and this module turns the names it knows
 * into a few strokes and shapes inside one tile, so two terrains of near colours (clear and
 * plains, forest and jungle, marsh and tidal flat) still read apart in print, in grey scale
 * and on screen. Every picture writer (PNG, SVG, PDF; core/export) draws these primitives, and
 * the app draws the same ones from a texture atlas rasterized from them (symbol-atlas.ts).
 *
 * Symbol space: the tile's centre at (0, 0), its inradius 1, y DOWN (as on paper). Symbols
 * keep to the band y ∈ [−0.35, 0.75] so the tile number above them stays clear.
 * Patterns without a symbol here draw none (the fill colour alone tells them apart).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Terrain } from '../terrain/types.js';

export type SymbolPart =
  | { readonly kind: 'line'; readonly xy: readonly number[] }
  | { readonly kind: 'fill'; readonly xy: readonly number[] };

export interface TileSymbol {
  readonly parts: readonly SymbolPart[];
  /** Stroke width of the line parts, in symbol units. */
  readonly lineWidth: number;
}

const line = (...xy: number[]): SymbolPart => ({ kind: 'line', xy });
const fill = (...xy: number[]): SymbolPart => ({ kind: 'fill', xy });

function circle(cx: number, cy: number, r: number, k = 10): number[] {
  const out: number[] = [];
  for (let i = 0; i < k; i++) out.push(cx + r * Math.cos((2 * Math.PI * i) / k), cy + r * Math.sin((2 * Math.PI * i) / k));
  return out;
}

const tree = (x: number, y: number, r: number): SymbolPart[] => [fill(...circle(x, y - r * 0.4, r)), line(x, y + r * 0.4, x, y + r * 1.3)];
const tuft = (x: number, y: number, s: number): SymbolPart[] => [line(x - s, y - s, x, y), line(x, y - s * 1.3, x, y), line(x + s, y - s, x, y)];
const wave = (x: number, y: number, w: number): SymbolPart => {
  const xy: number[] = [];
  for (let i = 0; i <= 8; i++) xy.push(x - w / 2 + (w * i) / 8, y + 0.06 * Math.sin((i / 8) * 2 * Math.PI));
  return line(...xy);
};
const hump = (x: number, y: number, w: number, h: number): SymbolPart => {
  const xy: number[] = [];
  for (let i = 0; i <= 8; i++) xy.push(x - w / 2 + (w * i) / 8, y - h * Math.sin((i / 8) * Math.PI));
  return line(...xy);
};
const rock = (x: number, y: number, s: number): SymbolPart => fill(x - s, y + s * 0.6, x - s * 0.6, y - s * 0.5, x + s * 0.3, y - s * 0.8, x + s, y + s * 0.1, x + s * 0.6, y + s * 0.6);
const house = (x: number, y: number, s: number): SymbolPart => fill(x - s, y + s, x - s, y - s * 0.2, x, y - s, x + s, y - s * 0.2, x + s, y + s);

const SYMBOLS: Record<string, TileSymbol> = {
  trees: { parts: [...tree(-0.3, 0.3, 0.2), ...tree(0.3, 0.3, 0.2), ...tree(0, -0.05, 0.2)], lineWidth: 0.07 },
  // Jungle: a packed canopy of crowns without trunks, so it never reads as forest's three trees.
  'dense-trees': { parts: [[0, 0.22], [-0.3, 0.22], [0.3, 0.22], [-0.15, -0.04], [0.15, -0.04], [-0.15, 0.48], [0.15, 0.48], [0.45, -0.04], [-0.45, -0.04]].map(([x, y]) => fill(...circle(x!, y!, 0.13, 9))), lineWidth: 0.05 },
  'scattered-trees': { parts: [...tree(-0.25, 0.25, 0.16), ...tree(0.3, 0.05, 0.16)], lineWidth: 0.06 },
  'tree-row': { parts: [...tree(-0.3, 0.2, 0.13), ...tree(0, 0.2, 0.13), ...tree(0.3, 0.2, 0.13)], lineWidth: 0.05 },
  'orchard-rows': { parts: [-0.35, 0, 0.35].flatMap((x) => [0, 0.4].map((y) => fill(...circle(x, y, 0.09, 8)))), lineWidth: 0.05 },
  grass: { parts: [...tuft(-0.3, 0.3, 0.1), ...tuft(0.3, 0.3, 0.1), ...tuft(0, 0.05, 0.1)], lineWidth: 0.05 },
  tussocks: { parts: [...tuft(-0.25, 0.3, 0.12), ...tuft(0.25, 0.15, 0.12)], lineWidth: 0.05 },
  'marsh-grass': { parts: [...tuft(-0.25, 0.15, 0.12), ...tuft(0.25, 0.15, 0.12), line(-0.5, 0.3, -0.05, 0.3), line(0.05, 0.3, 0.5, 0.3), line(-0.3, 0.5, 0.3, 0.5)], lineWidth: 0.05 },
  // Marsh edge: one tuft over broken water lines, the marsh thinning out (never marsh's two tufts).
  'sparse-marsh': { parts: [...tuft(0, 0.2, 0.12), line(-0.45, 0.4, -0.15, 0.4), line(0.15, 0.4, 0.45, 0.4), line(-0.15, 0.6, 0.15, 0.6)], lineWidth: 0.05 },
  reeds: { parts: [line(-0.3, 0.35, -0.3, -0.05), line(-0.1, 0.35, -0.1, -0.15), line(0.1, 0.35, 0.1, -0.05), line(0.3, 0.35, 0.3, -0.15), line(-0.55, 0.4, 0.55, 0.4), line(-0.35, 0.6, 0.35, 0.6)], lineWidth: 0.05 },
  waves: { parts: [wave(-0.2, 0.1, 0.5), wave(0.2, 0.4, 0.5)], lineWidth: 0.05 },
  scrub: { parts: [[-0.35, 0.35], [0.05, 0.15], [0.35, 0.45], [-0.1, 0.55]].map(([x, y]) => fill(...circle(x!, y!, 0.095, 7))), lineWidth: 0.05 },
  rocks: { parts: [rock(-0.3, 0.35, 0.13), rock(0.25, 0.15, 0.11), rock(0.05, 0.5, 0.09)], lineWidth: 0.05 },
  stones: { parts: [rock(-0.2, 0.3, 0.1), rock(0.2, 0.3, 0.1)], lineWidth: 0.05 },
  dunes: { parts: [hump(-0.25, 0.3, 0.45, 0.15), hump(0.25, 0.55, 0.45, 0.15), hump(0.2, 0.05, 0.35, 0.12)], lineWidth: 0.05 },
  'hill-hatching': { parts: [hump(0, 0.45, 0.9, 0.45), hump(0, 0.45, 0.5, 0.22)], lineWidth: 0.06 },
  'low-hills': { parts: [hump(-0.25, 0.45, 0.5, 0.22), hump(0.3, 0.45, 0.5, 0.22)], lineWidth: 0.06 },
  peaks: { parts: [fill(-0.65, 0.55, -0.2, -0.25, 0.25, 0.55), fill(-0.05, 0.55, 0.3, -0.05, 0.65, 0.55)], lineWidth: 0.05 },
  gullies: { parts: [line(-0.45, -0.05, -0.25, 0.2, -0.35, 0.45, -0.15, 0.65), line(0.15, -0.1, 0.35, 0.15, 0.25, 0.4, 0.45, 0.6)], lineWidth: 0.06 },
  crevasses: { parts: [line(-0.5, 0.1, -0.2, 0.25, 0.1, 0.05, 0.45, 0.2), line(-0.35, 0.5, 0, 0.4, 0.35, 0.55)], lineWidth: 0.05 },
  buildings: { parts: [fill(-0.45, 0.6, -0.45, 0.05, -0.05, 0.05, -0.05, 0.6), fill(0.05, 0.3, 0.05, -0.15, 0.45, -0.15, 0.45, 0.3), fill(0.05, 0.65, 0.05, 0.4, 0.45, 0.4, 0.45, 0.65)], lineWidth: 0.05 },
  houses: { parts: [house(-0.28, 0.4, 0.18), house(0.28, 0.35, 0.18), house(0, -0.02, 0.16)], lineWidth: 0.05 },
  furrows: { parts: [-0.1, 0.1, 0.3, 0.5].map((y) => line(-0.5, y, 0.5, y)), lineWidth: 0.04 },
  mudflat: { parts: [line(-0.45, 0.15, -0.15, 0.15), line(0.05, 0.15, 0.4, 0.15), line(-0.3, 0.4, 0.05, 0.4), line(0.2, 0.4, 0.5, 0.4), line(-0.1, 0.62, 0.25, 0.62)], lineWidth: 0.05 },
};

/** The symbol a terrain's pattern names, or null. */
export function terrainSymbol(terrain: Terrain): TileSymbol | null {
  return terrain.class === 'area' && terrain.pattern ? (SYMBOLS[terrain.pattern] ?? null) : null;
}

/** The symbol drawn for a pattern name, or null when this module draws none for it. */
export function symbolByPattern(name: string): TileSymbol | null {
  return Object.hasOwn(SYMBOLS, name) ? SYMBOLS[name]! : null;
}

/** The patterns this module draws (the README lists them; the catalogue editor offers them). */
export const SYMBOL_PATTERNS: readonly string[] = Object.keys(SYMBOLS);

/** `#rrggbb` of a symbol: the terrain's secondary colour, else its fill darkened by 40 %. */
export function symbolColour(terrain: Terrain): string {
  if (terrain.secondaryColour) return terrain.secondaryColour;
  return shade(terrain.colour, 0.6);
}

/** Multiplies each channel of `#rrggbb` by f (f < 1 darkens). */
export function shade(hex: string, f: number): string {
  const v = parseInt(hex.slice(1), 16);
  const ch = (s: number) => Math.max(0, Math.min(255, Math.round(((v >> s) & 0xff) * f)));
  return `#${[16, 8, 0].map((s) => ch(s).toString(16).padStart(2, '0')).join('')}`;
}

/** `#rrggbb` → [r, g, b, 255]. */
export function rgbaOf(hex: string, alpha = 255): [number, number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff, alpha];
}

/** How a linear feature is stroked beyond its colour and width: dashes (trails), ties (railroads), a casing (bridges, fords). */
export interface LineLook {
  readonly dash: boolean;
  readonly ties: boolean;
  /** Colour drawn wider under the line, or null. */
  readonly casing: string | null;
}

export function lineLook(terrain: Terrain): LineLook {
  const p = terrain.pattern ?? '';
  return {
    dash: p === 'dashes',
    ties: p === 'rail-ties',
    casing: p === 'bridge' || p === 'ford-stones' || p === 'rapids' ? (terrain.secondaryColour ?? null) : null,
  };
}
