/**
 * Render tables of one map palette (SPEC §5): what the geometry builders need to know about
 * each terrain, compiled once into typed arrays indexed by the map's Uint8 palette index
 * (0 = no terrain, k = palette[k − 1]), so the per-tile loops never touch a terrain record.
 *
 * - fill colour, RGBA (A and B elements; alpha 255 — the renderer modulates it);
 * - half-width of a linear polygon, in TILE-SPACINGs, from the terrain's width class;
 * - `connects[a·n + b]`: a linear feature of terrain a continues into an adjoining linear
 *   tile of terrain b (their strips share one width at the junction);
 * - `joins[l·n + a]`: a linear terrain l continues to the centre of an adjoining area tile
 *   of terrain a (the road that is area terrain in one place, linear in another).
 *
 * Default rules (documented in README.md of this folder):
 * - connects: the same terrain, or a linear composite and either of its parts (river-bridge
 *   continues both the river and the road; crossroads continues the road).
 * - joins: an area terrain whose id is the linear id with a word added (`road-area`,
 *   `sunken-road`, `railroad-yard` continue `road` / `railroad`); ids are unique per
 *   catalogue, so a "road" that exists in both classes must carry two ids, and this naming
 *   rule is how the default catalogue tells them apart. Callers may pass their own rules.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { AreaTerrain, LinearTerrain, LinearWidth, TerrainCatalogue } from '../terrain/types.js';
import { resolvePalette } from '../terrain/compiled.js';

/** Width of a linear polygon across the feature, as a fraction of TILE-SPACING (≤ 1, SPEC §5 (B)). */
export type LinearWidths = Readonly<Record<LinearWidth, number>>;
export const DEFAULT_LINEAR_WIDTHS: LinearWidths = Object.freeze({ narrow: 0.35, medium: 0.6, wide: 1.0 });

export interface PaletteRules {
  /** Fill colour of tiles with no terrain (`#rrggbb`). */
  readonly emptyColour?: string;
  readonly widths?: LinearWidths;
  /** Whether linear terrain `a` continues into an adjoining linear tile of terrain `b` (symmetric use). */
  readonly connects?: (a: LinearTerrain, b: LinearTerrain) => boolean;
  /** Whether linear terrain `linear` continues to the centre of an adjoining area tile of `area`. */
  readonly joins?: (linear: LinearTerrain, area: AreaTerrain) => boolean;
}

export interface RenderPalette {
  /** Entries: palette length + 1 (index 0 is "no terrain"). */
  readonly size: number;
  readonly rgba: Uint8Array;
  readonly isLinear: Uint8Array;
  readonly halfWidth: Float32Array;
  readonly connects: Uint8Array;
  readonly joins: Uint8Array;
  /** True when some pair joins, so builders can skip the area-join test entirely. */
  readonly anyJoins: boolean;
}

export function compileRenderPalette(catalogue: TerrainCatalogue, palette: readonly string[], rules: PaletteRules = {}): RenderPalette {
  const terrains = resolvePalette(catalogue, palette);
  const widths = rules.widths ?? DEFAULT_LINEAR_WIDTHS;
  for (const key of ['narrow', 'medium', 'wide'] as const) {
    const w = widths[key];
    if (!(typeof w === 'number' && w > 0 && w <= 1)) {
      throw new Error(`linear width "${key}" must be a fraction of the tile spacing in (0, 1], got ${String(w)}`);
    }
  }
  const emptyColour = rules.emptyColour ?? '#000000';
  if (!/^#[0-9a-fA-F]{6}$/.test(emptyColour)) throw new Error(`emptyColour: expected "#rrggbb", got ${JSON.stringify(emptyColour)}`);
  const connects = rules.connects ?? defaultConnects(catalogue);
  const joins = rules.joins ?? defaultJoins;

  const n = terrains.length + 1;
  const rgba = new Uint8Array(4 * n);
  const isLinear = new Uint8Array(n);
  const halfWidth = new Float32Array(n);
  writeHex(rgba, 0, emptyColour);
  // A linear tile painted with area terrain (a data error the map validator reports) still
  // draws, at medium width, so the mistake is visible rather than silently dropped.
  halfWidth[0] = widths.medium / 2;
  terrains.forEach((t, i) => {
    writeHex(rgba, i + 1, t.colour);
    isLinear[i + 1] = t.class === 'linear' ? 1 : 0;
    halfWidth[i + 1] = (t.class === 'linear' ? widths[t.width] : widths.medium) / 2;
  });

  const connectTable = new Uint8Array(n * n);
  const joinTable = new Uint8Array(n * n);
  let anyJoins = false;
  for (let a = 1; a < n; a++) {
    const ta = terrains[a - 1]!;
    for (let b = 1; b < n; b++) {
      const tb = terrains[b - 1]!;
      if (ta.class === 'linear' && tb.class === 'linear') {
        if (a === b || connects(ta, tb) || connects(tb, ta)) connectTable[a * n + b] = 1;
      } else if (ta.class === 'linear' && tb.class === 'area' && joins(ta, tb)) {
        joinTable[a * n + b] = 1;
        anyJoins = true;
      }
    }
  }
  // Non-linear terrain painted on a linear tile connects to itself only.
  for (let a = 1; a < n; a++) if (!isLinear[a]) connectTable[a * n + a] = 1;
  return { size: n, rgba, isLinear, halfWidth, connects: connectTable, joins: joinTable, anyJoins };
}

/** Same terrain, or a composite and one of its two parts. */
export function defaultConnects(catalogue: TerrainCatalogue): (a: LinearTerrain, b: LinearTerrain) => boolean {
  const partners = new Map<string, Set<string>>();
  const link = (x: string, y: string) => {
    if (!partners.has(x)) partners.set(x, new Set());
    partners.get(x)!.add(y);
  };
  for (const c of catalogue.composites) {
    for (const part of c.pair) {
      link(c.result, part);
      link(part, c.result);
    }
  }
  return (a, b) => a.id === b.id || (partners.get(a.id)?.has(b.id) ?? false);
}

/** `road` joins `road-area`, `sunken-road`, `raised-road-embankment`: the linear id as a whole word of the area id. */
export function defaultJoins(linear: LinearTerrain, area: AreaTerrain): boolean {
  return area.id.split('-').length > 1 && `-${area.id}-`.includes(`-${linear.id}-`);
}

function writeHex(rgba: Uint8Array, index: number, colour: string): void {
  const v = parseInt(colour.slice(1), 16);
  rgba[4 * index] = (v >> 16) & 0xff;
  rgba[4 * index + 1] = (v >> 8) & 0xff;
  rgba[4 * index + 2] = v & 0xff;
  rgba[4 * index + 3] = 255;
}

