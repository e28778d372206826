/**
 * Starter tiles are read-only (issue 25: "editing a starter tile and saving replaces the
 * starter tile"). The library seeds them with the `starter` tag (node/store vector-seed.ts);
 * saving over one stores a copy under a new id instead (node/services tile-save.ts), and
 * the tile editor says so on its Save button. The one home of the mark and of the copy's
 * id, name and tags.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

/** The tag every seeded starter tile carries. */
export const STARTER_TILE_TAG = 'starter';

/** Whether a tile with these tags is a starter tile (read-only: saving over it saves a copy). */
export const isStarterTile = (tags: readonly string[]): boolean => tags.includes(STARTER_TILE_TAG);

/** A copy's id: `<id>-copy`, else `<id>-copy-2`, `-copy-3`… the first one `taken` says is free. */
export function copyId(id: string, taken: (id: string) => boolean): string {
  const base = `${id}-copy`;
  if (!taken(base)) return base;
  for (let k = 2; ; k++) if (!taken(`${base}-${k}`)) return `${base}-${k}`;
}

/** A copy's name: the tile's name with "(copy)". */
export const copyName = (name: string): string => `${name} (copy)`;

/** A starter's copy keeps its tags but the mark, so the copy is the designer's own. */
export const copyTags = (tags: readonly string[]): string[] => tags.filter((t) => t !== STARTER_TILE_TAG);
