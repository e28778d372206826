/**
 * The tile library in the app (issue 13): `library.*` (which libraries are open, open and
 * close library files, library-level undo/redo) and `tiles.*` (list and search a library's
 * vector tiles, with "fits the selected position"; one tile; thumbnails; rename, duplicate,
 * delete, tag; import as a job; export packs) over node/store's vector tiles. Starter tiles
 * are read-only (core/vector starter.ts): renaming or deleting one and adding or removing the
 * `starter` tag are refused with its line; a duplicate is the designer's own (no mark).
 *
 * Files: a library file is opened, tiles are imported from and packs written to paths the
 * user chose or inside the allowed folders only (file-capabilities.ts), refused otherwise
 * with one line. Every edit is one library transaction and one undo step
 * (library-history.ts); an import reads its files in a worker (tile-import-task.ts) and
 * writes them in one transaction when the job ends, so a cancel or a bad file leaves the
 * library as it was. Thumbnails are the services' one drawer's (tile-thumbnails.ts).
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { ArgsOf, LibraryEdit, LibraryTile, OperationName, Results } from '../../contract/contract.js';
import { USER_LIBRARY_ID } from '../../contract/contract.js';
import { vectorTileToJson } from '../../core/vector/json.js';
import { copyId, copyName, copyTags, starterEditRefusal, starterTagRefusal } from '../../core/vector/starter.js';
import type { Game, Library, VectorTileRecord, VectorTileSummary } from '../store/index.js';
import { emptyImportResult, gameSkipped } from '../store/index.js';
import type { LibraryStep } from './library-history.js';
import type { AppLibrary, CurrentCatalogue, PathCheck, PathResolver, Queue } from './collaborators.js';
import type { LibraryHandles, OpenLibrary } from './library-handles.js';
import type { OpenMaps } from './open-maps.js';
import type { ProjectJobs } from './project-jobs.js';
import type { TileThumbnails } from './tile-thumbnails.js';
import type { HandlersFor } from './router.js';
import type { SheetsOperation } from './sheets-service.js';
import { placeConstraints } from './tile-fit.js';
import type { TileImportValue } from './tile-import-task.js';
import { writeTilePack } from './tile-export.js';
import { saveTile } from './tile-save.js';
import { APP_CATALOGUE_ID } from './user-library.js';

/** The tile-sheet operations are sheets-service.ts's. */
export type LibraryOperation = Exclude<Extract<OperationName, `library.${string}` | `tiles.${string}`>, SheetsOperation>;

/** Default page of `tiles.list`. */
const DEFAULT_PAGE = 100;
/** Most (tile, orientation) answers the "fits" filter reads from the fit index. */
const MAX_FIT_MATCHES = 10_000;

export interface LibraryDeps {
  readonly queue: Queue;
  /** The user library and the library files the designer opened. */
  readonly libraries: Pick<LibraryHandles, 'get' | 'list' | 'open' | 'close' | 'entry'>;
  readonly files: PathCheck;
  readonly session: PathResolver;
  /** The open maps, for "fits the selected position". */
  readonly maps: Pick<OpenMaps, 'get'>;
  readonly catalogue: CurrentCatalogue;
  /** The app's library: the tiles placed around a position, for "fits". */
  readonly library: AppLibrary;
  readonly thumbnails: Pick<TileThumbnails, 'svg'>;
  readonly jobs: Pick<ProjectJobs, 'runValue'>;
}

type HandleOperation = Extract<LibraryOperation, `library.${string}`>;
type TileQueryOperation = 'tiles.list' | 'tiles.get' | 'tiles.thumbnails';
type TileEditOperation = 'tiles.save' | 'tiles.rename' | 'tiles.duplicate' | 'tiles.delete' | 'tiles.tag';
type TilePackOperation = 'tiles.import' | 'tiles.export';

export function libraryService(deps: LibraryDeps): HandlersFor<LibraryOperation> {
  return { ...handleHandlers(deps), ...tileQueryHandlers(deps), ...tileEditHandlers(deps), ...tilePackHandlers(deps) };
}

/** What an edit answers: the library as it stands now, and the step's label (null: nothing was written). */
function libraryEdit(libraries: LibraryDeps['libraries'], h: OpenLibrary, label: string | null): LibraryEdit {
  return { library: libraries.entry(h), label };
}

function tileSummary(lib: Library, id: string): LibraryTile {
  const t = lib.vector.get(id);
  if (!t) throw new Error(`no vector tile "${id}" in this library`);
  return toLibraryTile(t);
}

/** `library.*`: which libraries are open, opening and closing files, undo and redo. */
function handleHandlers({ queue, libraries, files, session }: LibraryDeps): HandlersFor<HandleOperation> {
  return {
    'library.list': () => queue.exclusive(() => libraries.list().map((h) => libraries.entry(h))),
    'library.open': ({ path, create }) =>
      queue.exclusive(() => {
        const abs = files.check(session.resolvePath(path), 'open a library from');
        return libraries.entry(libraries.open(abs, create ?? false));
      }),
    'library.close': ({ library }) =>
      queue.exclusive(() => {
        libraries.close(library);
        return libraries.list().map((h) => libraries.entry(h));
      }),
    'library.undo': ({ library }) =>
      queue.exclusive(() => {
        const h = libraries.get(library);
        return libraryEdit(libraries, h, h.history.undo());
      }),
    'library.redo': ({ library }) =>
      queue.exclusive(() => {
        const h = libraries.get(library);
        return libraryEdit(libraries, h, h.history.redo());
      }),
  };
}

/** Reading tiles: a page of a search (optionally of those that fit a position), one tile, pictures. */
function tileQueryHandlers(deps: LibraryDeps): HandlersFor<TileQueryOperation> {
  const { queue, libraries } = deps;
  return {
    'tiles.list': (args) => queue.exclusive(() => listTiles(deps, args)),
    'tiles.get': ({ library, tile }) =>
      queue.exclusive(() => {
        const lib = libraries.get(library).library;
        const geometry = lib.vector.tile(tile);
        if (!geometry) throw new Error(`no vector tile "${tile}" in this library`);
        return { tile: tileSummary(lib, tile), json: vectorTileToJson(geometry) };
      }),
    'tiles.thumbnails': ({ library, tiles, size }) =>
      queue.exclusive(() => {
        const lib = libraries.get(library).library;
        const catalogue = deps.catalogue();
        const out: { tile: string; svg: string }[] = [];
        for (const id of tiles) {
          // A tile deleted since the page was listed has no picture; the answer lists the ones drawn.
          const tile = lib.vector.tile(id);
          if (!tile) continue;
          out.push({ tile: id, svg: deps.thumbnails.svg(tile, catalogue, size) });
        }
        return { size, thumbnails: out };
      }),
  };
}

/** `tiles.list`: a page of the library's search; with `fits`, only the tiles (and orientations) that fit that map position. */
function listTiles(deps: LibraryDeps, { library, text, tag, terrain, shape, fits, limit, offset }: ArgsOf<'tiles.list'>): Results['tiles.list'] {
  const lib = deps.libraries.get(library).library;
  const page = limit ?? DEFAULT_PAGE;
  const from = offset ?? 0;
  const query = { ...(text ? { text } : {}), ...(tag ? { tag } : {}), ...(terrain ? { terrain } : {}), ...(shape ? { shape } : {}) };
  if (!fits) {
    const rows = lib.vector.search({ ...query, limit: page + 1, offset: from });
    return { tiles: rows.slice(0, page).map(toLibraryTile), more: rows.length > page };
  }
  // The place's constraints, from the open map and the app library's tiles placed around it.
  const app = deps.library().library;
  const place = placeConstraints(deps.maps.get(fits.id).map, fits.tile, (id) => app.vector.tile(id));
  if (shape && shape !== place.shape) return { tiles: [], more: false, fits: {} };
  if (place.constraints.length === 0) {
    // Nothing placed around: every tile of the shape fits, in each orientation it allows.
    const rows = lib.vector.search({ ...query, shape: place.shape, limit: page + 1, offset: from });
    const tiles = rows.slice(0, page).map(toLibraryTile);
    return { tiles, more: rows.length > page, fits: Object.fromEntries(tiles.map((t) => [t.id, t.orientations])) };
  }
  const answer = lib.vector.fit(place.constraints, { shape: place.shape, limit: MAX_FIT_MATCHES });
  if (answer.more) throw new Error(`fits: more than ${MAX_FIT_MATCHES} tile orientations fit here; narrow the search by text, tag or terrain first`);
  const orientations = new Map<string, string[]>();
  for (const m of answer.matches) (orientations.get(m.id) ?? orientations.set(m.id, []).get(m.id)!).push(m.orientation);
  // The other filters over the fitting tiles, in library order, then the page.
  const all = lib.vector.search({ ...query, shape: place.shape, limit: MAX_FIT_MATCHES }).filter((t) => orientations.has(t.id));
  const tiles = all.slice(from, from + page).map(toLibraryTile);
  return { tiles, more: all.length > from + page, fits: Object.fromEntries(tiles.map((t) => [t.id, orientations.get(t.id)!])) };
}

/** Tile edits, each one library transaction and one undo step (library-history.ts). */
function tileEditHandlers({ queue, libraries, catalogue }: LibraryDeps): HandlersFor<TileEditOperation> {
  const edit = (h: OpenLibrary, label: string | null): LibraryEdit => libraryEdit(libraries, h, label);
  return {
    'tiles.save': ({ library, tile, orientations, tags }) =>
      queue.exclusive(() => {
        const h = libraries.get(library ?? USER_LIBRARY_ID);
        const saved = saveTile(h, catalogue(), { tile, orientations, tags });
        return { ...edit(h, saved.label), tile: toLibraryTile(saved.summary) };
      }),
    'tiles.rename': ({ library, tile, name }) =>
      queue.exclusive(() => {
        const h = libraries.get(library);
        const { name: before, tags } = tileSummary(h.library, tile);
        refuse(starterEditRefusal('rename', before, tags));
        h.library.vector.rename(tile, name);
        const label = `rename “${before}”`;
        h.history.push({ label, undo: (lib) => void lib.vector.rename(tile, before), redo: (lib) => void lib.vector.rename(tile, name) });
        return { ...edit(h, label), tile: tileSummary(h.library, tile) };
      }),
    'tiles.duplicate': ({ library, tile, id }) =>
      queue.exclusive(() => {
        const h = libraries.get(library);
        const lib = h.library;
        const [record] = lib.vector.export([tile]);
        const newId = id ?? copyId(tile, (t) => lib.vector.has(t));
        if (lib.vector.has(newId)) throw new Error(`a vector tile "${newId}" already exists; choose another id`);
        const source = record!.tile as { name?: string };
        const copy: VectorTileRecord = { ...record!, tile: { ...(record!.tile as object), id: newId, name: copyName(source.name ?? tile) }, tags: copyTags(record!.tags ?? []) };
        lib.vector.import([copy]);
        const label = `duplicate “${source.name ?? tile}”`;
        h.history.push({ label, undo: (l) => void l.vector.delete(newId), redo: (l) => void l.vector.import([copy]) });
        return { ...edit(h, label), tile: tileSummary(lib, newId) };
      }),
    'tiles.delete': ({ library, tiles }) =>
      queue.exclusive(() => {
        const h = libraries.get(library);
        const ids = [...new Set(tiles)];
        for (const t of ids) {
          const { name, tags } = tileSummary(h.library, t);
          refuse(starterEditRefusal('delete', name, tags));
        }
        // What undo puts back: the tiles as `import` takes them (geometry, tags, orientations).
        const records = h.library.vector.export(ids);
        const remove = (lib: Library) => lib.transaction(() => ids.forEach((t) => lib.vector.delete(t)));
        remove(h.library);
        const label = ids.length === 1 ? `delete “${nameOf(records[0]!)}”` : `delete ${ids.length} tiles`;
        h.history.push({ label, undo: (lib) => void lib.vector.import(records), redo: remove });
        return { ...edit(h, label), deleted: ids.length };
      }),
    'tiles.tag': ({ library, tiles, add, remove }) => queue.exclusive(() => tagTiles(libraries, libraries.get(library), [...new Set(tiles)], add ?? [], remove ?? [])),
  };
}

/** `tiles.tag`: per tile, what really changed is recorded, so undo takes back only that. */
function tagTiles(libraries: LibraryDeps['libraries'], h: OpenLibrary, ids: string[], plus: readonly string[], minus: readonly string[]): Results['tiles.tag'] {
  const lib = h.library;
  const before = ids.map((t) => tileSummary(lib, t).tags);
  if (plus.some((t) => minus.includes(t))) throw new Error('a tag cannot be added and removed at once');
  refuse(starterTagRefusal([...plus, ...minus]));
  const changes = ids.map((t, k) => ({ id: t, added: plus.filter((g) => !before[k]!.includes(g)), removed: minus.filter((g) => before[k]!.includes(g)) }));
  const apply = (l: Library, forward: boolean) =>
    l.transaction(() => changes.forEach((c) => l.vector.tag(c.id, forward ? { add: c.added, remove: c.removed } : { add: c.removed, remove: c.added })));
  apply(lib, true);
  const label = `tag ${ids.length === 1 ? `“${tileSummary(lib, ids[0]!).name}”` : `${ids.length} tiles`}`;
  h.history.push({ label, undo: (l) => apply(l, false), redo: (l) => apply(l, true) });
  return { ...libraryEdit(libraries, h, label), tiles: ids.map((t) => tileSummary(lib, t)) };
}

/** Tiles in (an import job, written in one transaction when it ends) and out (packs). */
function tilePackHandlers({ queue, libraries, files, session, jobs }: LibraryDeps): HandlersFor<TilePackOperation> {
  return {
    'tiles.import': async ({ library, path, files: given, onConflict }) => {
      if (path === undefined && given === undefined) throw new Error('give the tiles to import: a path (a file or folder you chose) or files');
      const src = path === undefined ? undefined : files.check(session.resolvePath(path), 'import tiles from');
      libraries.get(library); // refuse an unknown library before the job starts
      return jobs.runValue<TileImportValue, Results['tiles.import']>(
        { kind: 'tiles-import', ...(src === undefined ? {} : { path: src }), ...(given === undefined ? {} : { files: given }) },
        (value, jobId) => {
          const h = libraries.get(library);
          const step = importStep(h.library, value, onConflict ?? 'error');
          if (step.written) h.history.push(step.step);
          return { ...libraryEdit(libraries, h, step.written ? step.step.label : null), jobId, ...step.result, tiles: value.records.map((r) => (r.tile as { id: string }).id), warnings: value.warnings };
        },
      );
    },
    'tiles.export': ({ library, tiles, path, format }) =>
      queue.exclusive(() => {
        const lib = libraries.get(library).library;
        const dest = files.check(session.resolvePath(path), 'export tiles to');
        const records = lib.vector.export(tiles);
        if (records.length === 0) throw new Error('the library has no vector tiles to export');
        return { path: writeTilePack(lib, records, dest, format), tiles: records.length, format };
      }),
  };
}

/**
 * Writes an import's tiles (vector, track, games) in one transaction and makes its undo
 * step: tiles and games that were new are deleted, those replaced are put back as they were.
 */
function importStep(lib: Library, value: TileImportValue, onConflict: 'error' | 'replace' | 'skip') {
  const ids = value.records.map((r) => (r.tile as { id: string }).id);
  const catalogueId = lib.catalogues.get(APP_CATALOGUE_ID) ? APP_CATALOGUE_ID : undefined;
  const replace = onConflict === 'replace';
  return lib.transaction(() => {
    const existing = new Set(ids.filter((t) => lib.vector.has(t)));
    const before = replace && existing.size ? lib.vector.export([...existing]) : [];
    const trackIds = [...new Set([...value.track, ...value.games.flatMap((g) => g.tiles ?? [])].map((t) => t.id))];
    const trackBefore = lib.track.getMany(trackIds);
    const gamesBefore = value.games.map((g) => lib.games.get(g.id!)).filter((g): g is Game => g !== null);
    const result = lib.vector.import(value.records, { onConflict, ...(catalogueId ? { catalogueId } : {}) });
    const track = value.track.length ? lib.track.import(value.track, { onConflict }) : emptyImportResult();
    const games = value.games.map((g) => lib.games.import(g, { onConflict }));
    const rasterIds = value.raster.map((t) => t.id);
    const rasterBefore = replace ? lib.raster.export(rasterIds.filter((t) => lib.raster.get(t) !== null)) : [];
    const rasterExisting = new Set(rasterIds.filter((t) => lib.raster.get(t) !== null));
    const raster = value.raster.length ? lib.raster.import(value.raster, { onConflict }) : emptyImportResult();
    const rasterAdded = rasterIds.filter((t) => !rasterExisting.has(t));
    // What was written: new tiles, and (replace) the ones that were there.
    const written = value.records.filter((_, k) => replace || !existing.has(ids[k]!));
    const added = written.map((r) => (r.tile as { id: string }).id).filter((t) => !existing.has(t));
    const trackExisting = new Set(trackBefore.map((t) => t.id));
    const trackAdded = trackIds.filter((t) => !trackExisting.has(t));
    const gamesWritten = games.filter((g) => g.outcome !== 'skipped').map((g) => g.game);
    const trackTiles = track.added + track.replaced + games.reduce((n, g) => n + g.tiles.added + g.tiles.replaced, 0);
    const rasterTiles = raster.added + raster.replaced;
    const count = written.length + trackTiles + rasterTiles;
    const label = `import ${count} tile${count === 1 ? '' : 's'}${gamesWritten.length ? ` and ${gamesWritten.length === 1 ? `game ${gamesWritten[0]}` : `${gamesWritten.length} games`}` : ''}`;
    const step: LibraryStep = {
      label,
      undo: (l) => {
        for (const g of gamesWritten) l.games.delete(g);
        for (const g of gamesBefore) l.games.import(g.board ? { id: g.id, name: g.name, manifest: g.manifest, board: g.board } : { id: g.id, name: g.name, manifest: g.manifest }, { onConflict: 'replace' });
        for (const t of added) l.vector.delete(t);
        if (before.length) l.vector.import(before, { onConflict: 'replace' });
        for (const t of rasterAdded) l.raster.delete(t);
        if (rasterBefore.length) l.raster.import(rasterBefore, { onConflict: 'replace' });
        for (const t of trackAdded) l.track.delete(t);
        if (replace && trackBefore.length) l.track.import(trackBefore, { onConflict: 'replace' });
      },
      redo: (l) => {
        l.vector.import(written, { onConflict: 'replace' });
        if (value.track.length) l.track.import(value.track, { onConflict: onConflict === 'error' ? 'replace' : onConflict });
        for (const g of value.games) l.games.import(g, { onConflict: onConflict === 'error' ? 'replace' : onConflict });
        if (value.raster.length) l.raster.import(value.raster, { onConflict: onConflict === 'error' ? 'replace' : onConflict });
      },
    };
    // Everything not imported, named: what the readers passed over, then what onConflict "skip" kept.
    const skipped = [...value.skipped, ...result.skipped, ...track.skipped, ...raster.skipped, ...games.flatMap(gameSkipped)];
    return { written: count > 0 || gamesWritten.length > 0, step, result: { ...result, skipped, trackTiles, rasterTiles, games: gamesWritten } };
  });
}

/** Throws a refusal (core's line), or does nothing when there is none. */
function refuse(problem: string | null): void {
  if (problem) throw new Error(problem);
}

function toLibraryTile(t: VectorTileSummary): LibraryTile {
  return { id: t.id, name: t.name, shape: t.shape, tags: t.tags, terrains: t.terrains, orientations: t.orientations, elements: t.elements, updatedAt: t.updatedAt };
}

function nameOf(record: VectorTileRecord): string {
  const t = record.tile as { id: string; name?: string };
  return t.name ?? t.id;
}
