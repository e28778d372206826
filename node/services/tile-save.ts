/**
 * `tiles.save` (issue 13): what the vector tile editor drew goes into an open library — the
 * app library, or the library file the tile was opened from — replacing the tile of that id.
 * The tile's JSON text is read and validated by core (structure, then every element against
 * the catalogue in use), then stored with its allowed orientations and tags in one
 * transaction, as one library undo step like every other tile edit (library-history.ts).
 * Tags not given are kept from the tile being replaced, so editing a tile keeps its tags.
 * Starter tiles are read-only (core/vector starter.ts): saving over one stores a copy under
 * a new id (`<id>-copy`, `-copy-2`…), named "… (copy)", with the starter's tags but the
 * mark, and leaves the starter as it was; the answer's tile is the copy.
 *
 * The library service owns this step (library-service.ts); it lives here because saving is
 * the one tile edit that reads a whole tile from outside.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { TerrainCatalogue } from '../../core/terrain/types.js';
import { InputError } from '../../core/util/input-error.js';
import { parseJsonText } from '../../core/util/json-text.js';
import { vectorTileFromJson } from '../../core/vector/json.js';
import { copyId, copyName, copyTags, isStarterTile, starterTagRefusal } from '../../core/vector/starter.js';
import type { VectorTileRecord, VectorTileSummary } from '../store/index.js';
import type { LibraryStep } from './library-history.js';
import type { OpenLibrary } from './library-handles.js';

export interface TileSave {
  /** The native JSON text (docs/vector-tiles.md). */
  readonly tile: string;
  readonly orientations?: readonly string[] | undefined;
  readonly tags?: readonly string[] | undefined;
}

/** Stores the tile in `h`'s library and pushes its undo step; the answer is what the library now holds. */
export function saveTile(h: OpenLibrary, catalogue: TerrainCatalogue, args: TileSave): { summary: VectorTileSummary; label: string } {
  const json = parseJsonText(args.tile, 'tiles.save: $.tile');
  // Every element's terrain against the catalogue in use, whichever library receives it.
  const tile = asTileField(() => vectorTileFromJson(json, 'tiles.save', { terrains: new Set(catalogue.terrains.map((t) => t.id)) }));
  const lib = h.library;
  const [over] = lib.vector.export(lib.vector.has(tile.id) ? [tile.id] : []);
  const starter = over !== undefined && isStarterTile(over.tags ?? []);
  // Over a starter: a new tile (undo removes it), the starter untouched.
  const before = starter ? undefined : over;
  const id = starter ? copyId(tile.id, (t) => lib.vector.has(t)) : tile.id;
  // The mark is the library's: a designer's tile cannot be given it.
  const marking = starter || !args.tags ? null : starterTagRefusal(args.tags);
  if (marking) throw new Error(marking);
  const given = args.tags ?? over?.tags;
  const tags = given && starter ? copyTags(given) : given;
  const stored = starter ? { ...(json as object), id, name: copyName(tile.name ?? tile.id) } : json;
  const record: VectorTileRecord = { tile: stored, ...(args.orientations ? { orientations: [...args.orientations] } : {}), ...(tags ? { tags: [...tags] } : {}) };
  const summary = asTileField(() => lib.vector.put(record));
  const label = starter ? `save a copy of starter tile “${tile.name ?? tile.id}”` : `save “${summary.name}”`;
  const step: LibraryStep = {
    label,
    undo: (l) => void (before ? l.vector.import([before], { onConflict: 'replace' }) : l.vector.delete(id)),
    redo: (l) => void l.vector.import([record], { onConflict: 'replace' }),
  };
  h.history.push(step);
  return { summary, label };
}

/** A bad tile is reported as the argument's `$.tile` field: core's path inside the tile goes under it. */
function asTileField<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    if (e.source === 'tiles.save' && e.where.startsWith('$')) throw new InputError('tiles.save', `$.tile${e.where.slice(1)}`, e.expected);
    if (e.source === 'tiles.save') throw new InputError('tiles.save', '$.tile', `${e.where}: ${e.expected}`);
    throw new InputError('tiles.save', '$.tile', e.message);
  }
}
