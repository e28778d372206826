/**
 * What the views show over the map, read from session state: the overlay colours from the
 * theme, the analysis result as overlay calls, the areas child maps were derived from, and a
 * stroke preview split into tiles recoloured in place and tiles drawn as an overlay. Kept
 * apart from view-base.ts (WebGL, DOM) so it is tested without either.
 *
 * Renderer layer: no DOM, no Three.js.
 */
import type { AnalysisResult } from '../stores/analysis.svelte.js';
import type { OpenLineage } from '../stores/lineage.svelte.js';
import type { OutlinedArea, OverlayStyle, Overlays } from './overlays.js';

export const DEFAULT_STYLE: OverlayStyle = {
  hover: '#111827',
  path: '#e0412b',
  reach: '#2f6fdd',
  fov: '#f2b21b',
  blocked: '#d7263d',
  visible: '#1b9e5a',
  selection: '#8b2fc9',
  reference: '#d6246e',
  derived: '#00a3a3',
  stale: '#b7791f',
};

/** The CSS custom property each overlay colour is read from. */
const THEME_VARS: Record<keyof OverlayStyle, string> = {
  hover: '--overlay-hover',
  path: '--overlay-path',
  reach: '--overlay-reach',
  fov: '--overlay-fov',
  blocked: '--danger',
  visible: '--success',
  selection: '--overlay-selection',
  reference: '--overlay-reference',
  derived: '--overlay-derived',
  stale: '--warning',
};

/** Overlay colours from the theme; `read(name, fallback)` reads a CSS custom property (theme.ts `themeColour`). */
export function themeOverlayStyle(read: (name: string, fallback: string) => string): OverlayStyle {
  const style = { ...DEFAULT_STYLE };
  for (const key of Object.keys(THEME_VARS) as (keyof OverlayStyle)[]) style[key] = read(THEME_VARS[key], DEFAULT_STYLE[key]);
  return style;
}

export function sameStyle(a: OverlayStyle, b: OverlayStyle): boolean {
  return (Object.keys(a) as (keyof OverlayStyle)[]).every((k) => a[k] === b[k]);
}

/** The overlay calls an analysis result (and the pending first click) needs. */
export type AnalysisOverlays = Pick<Overlays, 'setPending' | 'clearResult' | 'setPath' | 'setTiles' | 'setSight'>;

export function showAnalysis(overlays: AnalysisOverlays, pending: number | null, a: AnalysisResult | null, style: OverlayStyle): void {
  overlays.setPending(pending, style.path);
  if (!a) overlays.clearResult();
  else if (a.kind === 'path') {
    if (a.cost === null) overlays.clearResult();
    else overlays.setPath(a.tiles, a.from, a.to, style.path);
  } else if (a.kind === 'reach') overlays.setTiles(a.tiles, style.reach, 0.42, a.from);
  else if (a.kind === 'fov') overlays.setTiles(a.tiles, style.fov, 0.45, a.from);
  else overlays.setSight(a.from, a.to, a.visible, a.blockedAt, style);
}

/** The lineage that belongs to map `mapId`, or null (a late answer for another map). */
export function lineageOf(lineage: OpenLineage | null, mapId: string): OpenLineage | null {
  return lineage && lineage.mapId === mapId ? lineage : null;
}

/** The areas the children of a map were derived from, tiles off the map dropped; stale ones dashed in the warning colour. */
export function derivedAreas(lineage: OpenLineage | null, tileCount: number, style: Pick<OverlayStyle, 'derived' | 'stale'>): OutlinedArea[] {
  return (lineage?.children ?? []).map((c) => ({
    tiles: c.tiles.filter((t) => t >= 0 && t < tileCount),
    dashed: c.stale,
    colour: c.stale ? style.stale : style.derived,
  }));
}

/**
 * A stroke preview: area tiles taking area terrain are recoloured in place (`area`); the
 * rest — linear tiles, or any tile under linear terrain — are drawn as an overlay (`other`).
 */
export function splitPreview(tiles: readonly number[], isAreaTile: (tile: number) => boolean, linearTerrain: boolean): { area: number[]; other: number[] } {
  const area: number[] = [];
  const other: number[] = [];
  for (const tile of tiles) (isAreaTile(tile) && !linearTerrain ? area : other).push(tile);
  return { area, other };
}
