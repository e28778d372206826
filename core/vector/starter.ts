/**
 * Starter tiles are read-only (issue 25: "editing a starter tile and saving replaces the
 * starter tile"). The library seeds them with the `starter` tag (node/store vector-seed.ts);
 * saving over one stores a copy under a new id instead (node/services tile-save.ts), and
 * the tile editor says so on its Save button. A starter can be duplicated, not renamed or
 * deleted, and the mark is the library's: the designer can neither add nor remove it
 * (node/services library-service.ts refuses with these lines; the library panel shows them on
 * its disabled buttons). The one home of the mark, of those refusals and of the copy's id,
 * name and tags.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

/** The tag every seeded starter tile carries. */
export const STARTER_TILE_TAG = 'starter';

/** Whether a tile with these tags is a starter tile (read-only: saving over it saves a copy). */
export const isStarterTile = (tags: readonly string[]): boolean => tags.includes(STARTER_TILE_TAG);

/** An edit a starter tile refuses: it can be duplicated and the copy renamed or deleted. */
export type StarterRefusedEdit = 'rename' | 'delete';

/** Why the tile (its name and tags) refuses `edit`: one line when it is a starter, else null. */
export function starterEditRefusal(edit: StarterRefusedEdit, name: string, tags: readonly string[]): string | null {
  if (!isStarterTile(tags)) return null;
  return `“${name}” is a starter tile and cannot be ${edit === 'rename' ? 'renamed' : 'deleted'}; duplicate it and ${edit === 'rename' ? 'rename' : 'delete'} the copy`;
}

/** Why a tag edit adding or removing these tags is refused (the starter mark among them), else null. */
export function starterTagRefusal(tags: readonly string[]): string | null {
  return tags.includes(STARTER_TILE_TAG) ? `the “${STARTER_TILE_TAG}” tag marks the tiles shipped with Sandtable; it cannot be added or removed` : null;
}

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
