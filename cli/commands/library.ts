/**
 * Libraries and projects from the shell (issue 4):
 *   sandtable library init <lib> [--name N] [--catalogue F] [--empty]
 *                                                    create a library file with a terrain catalogue
 *                                                    (the default one, or F), its default
 *                                                    substitute maps and the starter vector tiles
 *                                                    (resources/tiles/starter); --empty: nothing in it
 *   sandtable library list <lib> [--what W]          maps, raster tiles, track tiles, games, catalogues, substitutes, vector tiles
 *   sandtable library stats <lib>                    counts and sizes
 *   sandtable library export <lib> -o pack           one-file library pack (gzip JSON)
 *   sandtable library import <lib> <pack>            a pack into a library, all or nothing
 *   sandtable import <file|dir> --into <lib|project> [--mapping m.json] [--game G] [--on-conflict error|replace|skip]
 * `import` reads Tiled (.tmx/.tmj), Wesnoth (.map) and native (.json) maps into a library or
 * a project, Rails Tiles.xml into a library's track tiles, a Rails game folder (Tiles.xml,
 * TileSet.xml, Map.xml) into a library's games, and library packs. Every import is one
 * transaction: a bad file leaves the store as it was. A project another process holds (an
 * app window editing it) is refused, nothing imported (cli/project-file.ts).
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Io } from '../io.js';
import { UsageError } from '../io.js';
import { parse } from '../args.js';
import { STARTER_TILES_PATH, loadCatalogue } from '../catalogue.js';
import { APPLICATION_IDS, gameSkipped, openLibrary, seedStarterVectorTiles, type Library, type Project } from '../../node/store/index.js';
import { withProject } from '../project-file.js';
import { loadRailsGame, readTextFile } from '../../node/formats/files.js';
import { importSummary, skippedLines, type SkippedItem } from '../../core/formats/import-summary.js';
import { parseTileDslFile, tilesFromDslFile } from '../../core/formats/tile-dsl-file.js';
import { inferUpgrades } from '../../core/track/upgrades.js';
import type { ManifestEntry, TrackTile } from '../../core/track/types.js';
import { parseRailsTiles } from '../../core/formats/rails/tiles-xml.js';
import { runJobTask } from '../../node/services/job-tasks.js';
import { areaTerrains } from '../../core/terrain/lookup.js';
import { parseJsonText } from '../../core/util/json-text.js';

export const libraryHelp = 'library init|list|stats|export|import <library> …   manage a tile library file (init seeds the default substitutes and starter vector tiles)';
export const importHelp = 'import <file|folder> --into <library|project> [--mapping m.json] [--game G] [--on-conflict error|replace|skip]   import maps, Rails tiles and games, 18xx.games tiles (.dsl, .txt, .rb), packs';

type StoreKind = 'library' | 'project';

/** The kind of an existing Sandtable store, read from the SQLite header's application_id. */
export function storeKind(path: string): StoreKind {
  if (!existsSync(path)) throw new UsageError(`${path} does not exist; create a library with \`sandtable library init ${path}\``);
  const header = Buffer.alloc(72);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, header, 0, 72, 0);
  } finally {
    closeSync(fd);
  }
  if (header.subarray(0, 15).toString('latin1') !== 'SQLite format 3') throw new UsageError(`${path} is not a Sandtable library or project (not an SQLite file)`);
  const id = header.readUInt32BE(68);
  if (id === APPLICATION_IDS.library) return 'library';
  if (id === APPLICATION_IDS.project) return 'project';
  throw new UsageError(`${path} is an SQLite file but not a Sandtable library or project`);
}

export function withLibrary<T>(path: string, fn: (lib: Library) => T): T {
  const kind = storeKind(path);
  if (kind !== 'library') throw new UsageError(`${path} is a project, not a library`);
  const lib = openLibrary(path);
  try {
    return fn(lib);
  } finally {
    lib.close();
  }
}

const WHAT = ['summary', 'maps', 'raster', 'track', 'games', 'catalogues', 'substitutes', 'vector'] as const;
/** The id `library init` stores its catalogue under (what `derive --library` and the app look for). */
export const LIBRARY_CATALOGUE_ID = 'default';

export function libraryCommand(argv: string[], io: Io): number {
  const [sub, ...rest] = argv;
  const { values, positionals } = parse(`library ${sub ?? ''}`.trim(), rest, {
    name: { type: 'string' },
    what: { type: 'string' },
    output: { type: 'string', short: 'o' },
    catalogue: { type: 'string' },
    empty: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  });
  const out: Out = (value, text) => io.out(values.json ? `${JSON.stringify(value)}\n` : `${text}\n`);
  const file = positionals[0];
  if (!sub || !['init', 'list', 'stats', 'export', 'import'].includes(sub)) throw new UsageError(`library: expected init, list, stats, export or import; got ${sub ? `"${sub}"` : 'nothing'}`);
  if (!file) throw new UsageError(`library ${sub}: missing the library file`);
  switch (sub) {
    case 'init':
      return libraryInit(file, values.name, values.catalogue as string | undefined, values.empty === true, out);
    case 'stats':
      return withLibrary(file, (lib) => {
        const stats = lib.stats();
        out(stats, `${file}: ${stats.maps.count} maps, ${stats.raster.count} raster tiles, ${stats.track.tiles} track tiles, ${stats.games.games} games, ${stats.vector.count} vector tiles, ${stats.fileBytes} bytes`);
        return 0;
      });
    case 'list':
      return libraryList(file, (values.what as string | undefined) ?? 'summary', out);
    case 'export': {
      const output = values.output;
      if (typeof output !== 'string' || !output) throw new UsageError('library export: missing -o <pack file>');
      return withLibrary(file, (lib) => {
        const pack = lib.exportPack();
        writeFileSync(output, pack);
        out({ library: file, pack: output, bytes: pack.length }, `${file} → ${output} (${pack.length} bytes)`);
        return 0;
      });
    }
    case 'import': {
      const pack = positionals[1];
      if (!pack) throw new UsageError('library import: expected <library> <pack file>');
      return withLibrary(file, (lib) => {
        const result = lib.importPack(readFileSync(pack), { source: pack });
        out(result, `imported ${pack} into ${file}`);
        return 0;
      });
    }
  }
  return 0;
}

/** Output of a command: JSON with --json, else the text. */
type Out = (value: unknown, text: string) => void;

/** `library init`: a new library file with the catalogue, its default substitutes and the starter vector tiles (or nothing, `empty`). */
function libraryInit(file: string, name: unknown, catalogueFile: string | undefined, empty: boolean, out: Out): number {
  if (existsSync(file)) throw new UsageError(`library init: ${file} already exists`);
  if (empty && catalogueFile !== undefined) throw new UsageError('library init: --empty and --catalogue exclude each other');
  // Read before creating the file, so a bad catalogue leaves nothing behind.
  const catalogue = empty ? null : loadCatalogue(catalogueFile);
  // Created exclusively (O_EXCL): of two racing inits exactly one makes the file and says "created".
  try {
    closeSync(openSync(file, 'wx'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new UsageError(`library init: ${file} already exists`);
    throw e;
  }
  const lib = openLibrary(file);
  try {
    const [seeded, vectorTiles] = lib.transaction(() => {
      if (typeof name === 'string') lib.setInfo({ name });
      if (!catalogue) return [0, 0];
      lib.catalogues.put(LIBRARY_CATALOGUE_ID, catalogue);
      const substitutes = lib.seedDefaultSubstitutes(LIBRARY_CATALOGUE_ID).added;
      return [substitutes, seedStarterVectorTiles(lib, LIBRARY_CATALOGUE_ID, STARTER_TILES_PATH).added];
    });
    out(
      { library: file, schemaVersion: lib.schemaVersion, catalogue: catalogue ? LIBRARY_CATALOGUE_ID : null, substitutes: seeded, vectorTiles },
      catalogue
        ? `created library ${file}: catalogue "${catalogue.name}" as "${LIBRARY_CATALOGUE_ID}", ${seeded} default substitute maps, ${vectorTiles} starter vector tiles`
        : `created empty library ${file}`,
    );
  } catch (e) {
    // Nothing half-made stays behind: the file did not exist before.
    lib.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    throw e;
  } finally {
    lib.close();
  }
  return 0;
}

/** `library list`: the ids and names of one kind of record, or how many of each (`summary`). */
function libraryList(file: string, what: string, out: Out): number {
  if (!(WHAT as readonly string[]).includes(what)) throw new UsageError(`library list: --what must be one of ${WHAT.join(', ')}, got "${what}"`);
  return withLibrary(file, (lib) => {
    const lists = {
      maps: () => lib.maps.list({ limit: 10_000 }).map((m) => ({ id: m.id, name: m.name, kind: m.kind })),
      raster: () => lib.raster.list({ limit: 10_000 }).map((t) => ({ id: t.id, name: t.name, shape: t.shape })),
      track: () => lib.track.list({ limit: 10_000 }).map((t) => ({ id: t.id, name: t.name, colour: t.colour })),
      games: () => lib.games.list().map((g) => ({ id: g.id, name: g.name })),
      catalogues: () => lib.catalogues.list().map((c) => ({ id: c.id, name: c.name })),
      substitutes: () => lib.substitutes.list().map((s) => ({ catalogue: s.catalogueId, terrain: s.terrainId, lattice: s.lattice, ratio: s.ratio, map: s.mapId })),
      vector: () => lib.vector.list({ limit: 10_000 }).map((t) => ({ id: t.id, name: t.name, shape: t.shape, tags: t.tags.join(',') })),
    };
    const result =
      what === 'summary'
        ? Object.fromEntries(Object.entries(lists).map(([k, f]) => [k, f().length]))
        : lists[what as Exclude<(typeof WHAT)[number], 'summary'>]();
    out(result, Array.isArray(result) ? result.map((r) => Object.values(r).join('\t')).join('\n') : Object.entries(result).map(([k, n]) => `${k}: ${n}`).join('\n'));
    return 0;
  });
}

export async function importCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse('import', argv, {
    into: { type: 'string' },
    mapping: { type: 'string' },
    game: { type: 'string' },
    catalogue: { type: 'string' },
    'on-conflict': { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  const conflict = (values['on-conflict'] as string | undefined) ?? 'error';
  if (!['error', 'replace', 'skip'].includes(conflict)) throw new UsageError(`import: --on-conflict must be error, replace or skip, got "${conflict}"`);
  const onConflict = conflict as 'error' | 'replace' | 'skip';
  if (positionals.length !== 1) throw new UsageError('import: expected exactly one file or folder (import <file> --into <library|project>)');
  const source = positionals[0]!;
  const into = values.into;
  if (typeof into !== 'string' || !into) throw new UsageError('import: missing --into <library or project file>');
  if (!existsSync(source)) throw new UsageError(`import: ${source} does not exist`);
  const kind = storeKind(into);
  const out: Out = (value, text) => io.out(values.json ? `${JSON.stringify(value)}\n` : `${text}\n`);
  const isDir = statSync(source).isDirectory();
  const name = basename(source);
  const game = values.game as string | undefined;
  const into18xx = () => {
    if (kind !== 'library') throw new UsageError(`import: 18xx tiles and games go into a library; ${into} is a project`);
  };

  // 18xx: a Rails game folder, or a Tiles.xml of track tiles.
  if (isDir || /^tiles\.xml$/i.test(name)) {
    into18xx();
    return withLibrary(into, (lib) => (isDir ? importRailsGame(lib, source, into, game, onConflict, out) : importRailsTiles(lib, source, into, onConflict, out)));
  }
  // 18xx.games tile definitions: a plain list (.dsl, .txt) or its Ruby hashes (.rb).
  if (/\.(dsl|txt|rb)$/i.test(name)) {
    into18xx();
    return importDslTiles(source, into, game, onConflict, out);
  }
  // A library pack (gzip or plain JSON with the pack format).
  const head = readFileSync(source).subarray(0, 2);
  if ((head[0] === 0x1f && head[1] === 0x8b) || (/\.json$/i.test(name) && /"sandtable-library-pack"/.test(readFileSync(source, 'utf8').slice(0, 4096)))) {
    if (kind !== 'library') throw new UsageError(`import: a library pack goes into a library; ${into} is a project`);
    return withLibrary(into, (lib) => {
      const result = lib.importPack(readFileSync(source), { source, onConflict });
      const skipped = Object.values(result).flatMap((section) => section.skipped);
      out({ ...result, skipped }, withSkipped(`imported pack ${source} into ${into}`, skipped));
      return 0;
    });
  }
  return importMap(source, into, kind, values.catalogue as string | undefined, values.mapping, out);
}

type OnConflict = 'error' | 'replace' | 'skip';

/** A summary line and, under it, each item not imported with why (the first few, then how many more). */
function withSkipped(text: string, skipped: readonly SkippedItem[]): string {
  return [text, ...skippedLines(skipped).map((l) => `  ${l}`)].join('\n');
}

/** A Rails game folder (Tiles.xml, TileSet.xml, Map.xml) as one of the library's games. */
function importRailsGame(lib: Library, source: string, into: string, gameId: string | undefined, onConflict: OnConflict, out: Out): number {
  if (!existsSync(join(source, 'Tiles.xml'))) throw new UsageError(`import: ${source} is a folder without Tiles.xml (a Rails game folder has Tiles.xml, TileSet.xml, Map.xml)`);
  const game = loadRailsGame(source);
  const id = gameId ?? game.manifest?.game ?? basename(source);
  if (!game.manifest) throw new UsageError(`import: ${source} has no TileSet.xml, so there is no game manifest to import; import its Tiles.xml alone instead`);
  const result = lib.games.import({ id, manifest: game.manifest, ...(game.board ? { board: game.board } : {}), tiles: game.tiles }, { onConflict });
  const skipped = gameSkipped(result);
  out({ ...result, skipped, warnings: game.warnings }, withSkipped(`imported game ${result.game} (${result.outcome}) from ${source} into ${into}`, skipped));
  return 0;
}

/** A Rails Tiles.xml into the library's track tiles. */
function importRailsTiles(lib: Library, source: string, into: string, onConflict: OnConflict, out: Out): number {
  const { tiles, warnings } = parseRailsTiles(readTextFile(source), source);
  const result = lib.track.import(tiles, { onConflict });
  // Say what happened, not what the file held: with --on-conflict skip, skipped tiles were not imported.
  out({ ...result, warnings }, withSkipped(`track tiles from ${source} into ${into}: ${result.added} added, ${result.replaced} replaced, ${result.skipped.length} skipped`, result.skipped));
  return 0;
}

/** 18xx.games tile definitions: track tiles, or a game when the file counts tiles (or --game names one). */
function importDslTiles(source: string, into: string, game: string | undefined, onConflict: OnConflict, out: Out): number {
  const file = parseTileDslFile(readTextFile(source), source);
  const { tiles, ignored, skipped: unread } = tilesFromDslFile(file, source);
  return withLibrary(into, (lib) => {
    // A game's TILES list counts shared tiles by name: they must already be in the library.
    const shared = file.references.map((ref) => lib.track.get(ref.name));
    const missing = file.references.filter((_, k) => shared[k] === null).map((ref) => ref.name);
    if (missing.length) throw new UsageError(`import: ${source} counts tiles the library does not have (${missing.slice(0, 8).join(', ')}${missing.length > 8 ? ` and ${missing.length - 8} more` : ''}); import the shared tiles first (18xx.games lib/engine/config/tile.rb)`);
    const upgrades = inferUpgrades([...tiles, ...shared.filter((t): t is TrackTile => t !== null)]);
    const gameId = game ?? (file.references.length || file.tiles.some((t) => t.count !== undefined) ? basename(dirname(resolve(source))).replace(/^g_/, '') : undefined);
    if (gameId === undefined) {
      const result = lib.track.import(tiles, { onConflict });
      const skipped = [...unread, ...result.skipped];
      out({ ...result, skipped, upgrades: upgrades.length, ignored }, withSkipped(`18xx.games tiles from ${source} into ${into}: ${result.added} added, ${result.replaced} replaced, ${skipped.length} skipped; ${upgrades.length} upgrades inferred from track (give --game NAME to keep them as a game's manifest)`, skipped));
      return 0;
    }
    const entries: ManifestEntry[] = [
      ...file.references.map((ref) => ({ tileId: ref.name, quantity: ref.count })),
      ...file.tiles.map((t) => ({ tileId: t.name, quantity: t.count ?? ('unlimited' as const) })),
    ];
    const result = lib.games.import({ id: gameId, manifest: { game: gameId, tiles: entries, upgrades }, tiles }, { onConflict });
    const skipped = [...unread, ...gameSkipped(result)];
    out({ ...result, skipped, upgrades: upgrades.length, ignored }, withSkipped(`imported game ${result.game} (${result.outcome}) from ${source} into ${into}: ${entries.length} tiles, ${upgrades.length} upgrades inferred from track`, skipped));
    return 0;
  });
}

/** A map (Tiled, Wesnoth or native) into a library or a project, read as the app's import job reads it. */
async function importMap(source: string, into: string, kind: StoreKind, catalogueFile: string | undefined, mappingFile: unknown, out: Out): Promise<number> {
  const catalogue = loadCatalogue(catalogueFile);
  const mapping = typeof mappingFile === 'string' ? parseJsonText(readTextFile(mappingFile), mappingFile) : undefined;
  // The user's own command names the file: its tilesets are read wherever it says they are.
  const map = await runJobTask({ kind: 'import-file', path: source, mapping, areaTerrains: areaTerrains(catalogue).map((t) => t.id), allowedFolders: null }, async () => {});
  const put = (store: Library | Project): number => {
    const summary = store.maps.put(map);
    const notes = importSummary(map.meta);
    out({ ...summary, notes }, [`imported ${source} into ${into} as map ${summary.id} (${map.spec.kind}, ${map.tileCount} tiles)`, ...notes.map((n) => `  ${n}`)].join('\n'));
    return 0;
  };
  // A project goes through the app's writer lock: refused while another process holds it.
  return kind === 'library' ? withLibrary(into, put) : withProject(into, 'write', put);
}
