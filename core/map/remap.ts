/**
 * Remapping terrain (issue 14, "the mapping dialog lets the user assign" the placeholder
 * terrains an import gave unknown tiles): every tile holding terrain `from` gets terrain `to`,
 * for several pairs at once, planned like a paint (paint.ts: validated first, nothing changed)
 * so the app journals the whole remap as ONE undo step.
 *
 * The rule: `from` is a terrain the map holds; `to` is a terrain of the catalogue (never a
 * placeholder: a placeholder is what is being replaced) of the same class as `from` — area
 * terrain stays on the tiles that take area terrain, linear on linear tiles or classic edges,
 * so the AL-FORM and classic paint rules hold after the remap without checking every tile;
 * each `from` once, and no `to` that another pair remaps away (the result would depend on the
 * order). Tiles whose terrain a vector tile instance gives are left alone (clear the instance
 * to change them), as painting does.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from './terrain-map.js';
import type { PaintPlan, LayerChange } from './paint.js';
import { growingPalette, PaintError } from './paint.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import { findTerrain } from '../terrain/lookup.js';
import { isPlaceholderId } from '../terrain/placeholder.js';
import { quoted } from '../util/bounded.js';

export interface TerrainRemap {
  readonly from: string;
  readonly to: string;
}

/** Plans replacing each pair's `from` by its `to` on every tile (and classic edge) that holds it. */
export function planRemap(map: TerrainMap, catalogue: TerrainCatalogue, pairs: readonly TerrainRemap[]): PaintPlan {
  if (pairs.length === 0) throw new PaintError('remap needs at least one pair of terrains (from → to)');
  const froms = new Set<string>();
  for (const { from } of pairs) {
    if (froms.has(from)) throw new PaintError(`${quoted(from)} is remapped twice; give each terrain one new terrain`);
    froms.add(from);
  }
  const { palette, valueOf: paletteValue } = growingPalette(map);
  const valueOf = new Map<number, number>();
  for (const { from, to } of pairs) {
    const k = map.palette.indexOf(from);
    if (k < 0) throw new PaintError(`the map holds no ${quoted(from)} to remap`);
    const source = findTerrain(catalogue, from);
    const target = findTerrain(catalogue, to);
    if (!target || isPlaceholderId(to)) throw new PaintError(`${quoted(to)} is not a terrain of catalogue ${quoted(catalogue.name)}`);
    if (froms.has(to)) throw new PaintError(`${quoted(to)} is itself remapped; remap ${quoted(from)} to a terrain that stays`);
    if (source && source.class !== target.class) {
      throw new PaintError(`${quoted(from)} is ${source.class} terrain and ${quoted(to)} is ${target.class}; remap to ${source.class} terrain`);
    }
    valueOf.set(k + 1, paletteValue(to));
  }
  const changes: LayerChange[] = [];
  const terrain = map.layers.terrain;
  for (let t = 0; t < terrain.length; t++) {
    const after = valueOf.get(terrain[t]!);
    if (after !== undefined && !map.instances?.has(t)) changes.push({ layer: 'terrain', index: t, before: terrain[t]!, after });
  }
  const edges = map.layers.edges;
  if (edges) {
    for (let e = 0; e < edges.length; e++) {
      const after = valueOf.get(edges[e]!);
      if (after !== undefined) changes.push({ layer: 'edges', index: e, before: edges[e]!, after });
    }
  }
  return { changes, palette };
}

/** A placeholder terrain the map still holds: how many tiles, and the file's tile keys it stands for (from the import's record). */
export interface PlaceholderUse {
  readonly terrain: string;
  readonly count: number;
  readonly sources: readonly string[];
}

/** The placeholder terrains on the map's tiles, most used first (what the mapping dialog lists). */
export function placeholdersInUse(map: TerrainMap): PlaceholderUse[] {
  const counts = new Map<number, number>();
  for (const v of map.layers.terrain) if (v !== 0) counts.set(v, (counts.get(v) ?? 0) + 1);
  const unmapped = map.meta.import?.format === 'tiled' ? (map.meta.import.unmapped ?? []) : [];
  const out: PlaceholderUse[] = [];
  for (const [v, count] of counts) {
    const terrain = map.palette[v - 1]!;
    if (!isPlaceholderId(terrain)) continue;
    out.push({ terrain, count, sources: unmapped.find((u) => u.terrain === terrain)?.tiles ?? [] });
  }
  return out.sort((a, b) => b.count - a.count || (a.terrain < b.terrain ? -1 : 1));
}

/**
 * The terrains the map's tiles, edges and vertices hold now, in palette order. The palette only
 * grows (an undone road keeps its entry), so what a legend lists comes from here, not from it.
 */
export function terrainsInUse(map: TerrainMap): string[] {
  const seen = new Uint8Array(map.palette.length + 1);
  let left = map.palette.length;
  const { terrain, edges, vertices } = map.layers;
  for (const layer of [terrain, edges, vertices]) {
    if (!layer) continue;
    for (let i = 0; i < layer.length && left > 0; i++) {
      const v = layer[i]!;
      if (v !== 0 && seen[v] === 0) {
        seen[v] = 1;
        left--;
      }
    }
  }
  return map.palette.filter((_, k) => seen[k + 1] === 1);
}
