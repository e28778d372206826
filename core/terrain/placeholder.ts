/**
 * Placeholder terrain for what an import could not map (issue 14): a Tiled tile that names no
 * terrain the catalogue knows used to become "ocean" (the first spare area terrain: impassable
 * on foot), and past the spare ones every further tile collapsed into "clear". Now each such
 * tile kind gets its own placeholder, `unmapped-<what the file called it>`: an area terrain that
 * is neutral (no cover, no height, sight passes) and passable at cost 1 in every mode, drawn in
 * a grey of its own so tiles that differed in the file still differ on screen. The import
 * summary lists them; the designer assigns real terrain in the app's mapping dialog (one
 * undoable remap, core/map/remap.ts), by importing again with a mapping, or by repainting.
 *
 * Every catalogue knows every placeholder id (lookup.ts findTerrain falls back to
 * `placeholderTerrain`), so maps holding them load, paint, analyse and export like any map.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { AreaTerrain, ModeRule, TerrainCatalogue } from './types.js';

export const PLACEHOLDER_PREFIX = 'unmapped-';
/** Terrain ids are kebab-case; a placeholder id stays short enough to show. */
const PLACEHOLDER_ID = /^unmapped-[a-z0-9]+(-[a-z0-9]+)*$/;
const MAX_ID = 80;

export function isPlaceholderId(id: string): boolean {
  return id.length <= MAX_ID && PLACEHOLDER_ID.test(id);
}

/**
 * The placeholder id for a name from a file ("Desert:29", "Sand dunes" → "unmapped-sand-dunes").
 * A name that already is a placeholder id keeps it: a map exported with placeholders names its
 * tiles by them, and importing it again must not rename `unmapped-x` to `unmapped-unmapped-x`.
 */
export function placeholderId(name: string): string {
  if (isPlaceholderId(name)) return name;
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_ID - PLACEHOLDER_PREFIX.length)
    .replace(/-+$/, '');
  return `${PLACEHOLDER_PREFIX}${slug || 'tile'}`;
}

const cache = new WeakMap<TerrainCatalogue, Map<string, AreaTerrain>>();

/** The placeholder terrain `id` stands for in `catalogue` (its modes), or undefined for other ids. */
export function placeholderTerrain(catalogue: TerrainCatalogue, id: string): AreaTerrain | undefined {
  if (!isPlaceholderId(id)) return undefined;
  let byId = cache.get(catalogue);
  if (!byId) cache.set(catalogue, (byId = new Map()));
  let t = byId.get(id);
  if (t) return t;
  const passable: ModeRule = Object.freeze({ cost: 1, playable: true });
  const movement: Record<string, ModeRule> = {};
  for (const m of catalogue.modes) movement[m.id] = passable;
  t = Object.freeze({
    id,
    class: 'area',
    name: `Unmapped: ${id.slice(PLACEHOLDER_PREFIX.length)}`,
    colour: greyOf(id),
    humanCurated: false,
    elevationOffset: 0,
    height: 0,
    cover: 0,
    concealment: 0,
    blocksSightThrough: false,
    movement: Object.freeze(movement),
  } satisfies AreaTerrain);
  byId.set(id, t);
  return t;
}

/** A warm grey from the id's hash (#70…#cf): distinct placeholders look distinct, none looks like real terrain. */
function greyOf(id: string): string {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619) >>> 0;
  const v = 0x70 + (h % 0x60);
  const hex = (n: number) => Math.max(0, Math.min(255, n)).toString(16).padStart(2, '0');
  return `#${hex(v + 4)}${hex(v)}${hex(v - 6)}`;
}
