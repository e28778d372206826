/**
 * The worker half of a library tile import (`tiles.import`, issue 13): reads, reporting
 * progress per file, from a file, a folder or uploaded texts
 *  - vector tiles (.svg, .json: node/formats/vector-files.ts, core/vector's strict readers),
 *    as library records;
 *  - 18xx track tiles: Rails `Tiles.xml` (core/formats/rails) and 18xx.games tile lists
 *    (.dsl, .txt, .rb: core/formats/tile-dsl-file.ts), as the CLI's `import` reads them;
 *  - a Rails game folder (Tiles.xml, TileSet.xml, Map.xml: node/formats loadRailsGame) as a game;
 *  - a Tiled tileset (.tsx, .tsj, with its PNG beside it) as raster tiles with Wang edge
 *    labels (core/formats/tiled/tileset-tiles.ts).
 * It writes nothing: the library service stores the records in one
 * transaction after the job ends, so a cancelled job (its worker terminated) or a bad file
 * leaves the library as it was.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { statSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { vectorTileToJson } from '../../core/vector/json.js';
import { existsSync } from 'node:fs';
import { listVectorTileFiles, readVectorTileFile, readVectorTileText } from '../formats/vector-files.js';
import { loadRailsGame, readTextFile, readTilesetImage } from '../formats/files.js';
import { parseTsx } from '../../core/formats/tiled/tsx.js';
import { parseTsj } from '../../core/formats/tiled/tsj.js';
import type { TilesetRasterTile } from '../../core/formats/tiled/tileset-tiles.js';
import { tilesetRasterTiles } from '../../core/formats/tiled/tileset-tiles.js';
import { parseRailsTiles } from '../../core/formats/rails/tiles-xml.js';
import { parseTileDslFile, tilesFromDslFile } from '../../core/formats/tile-dsl-file.js';
import type { TrackTile } from '../../core/track/types.js';
import type { SkippedItem } from '../../core/formats/import-summary.js';
import type { GameInput } from '../store/index.js';
import type { VectorTileFile } from '../formats/vector-files.js';
import type { ValueJobRequest } from './job-protocol.js';
import type { Progress } from './job-protocol.js';
import { TILE_IMPORT_LABEL } from '../../contract/contract.js';


export interface TileImportValue {
  /** Library records (vector-store.ts VectorTileRecord): native JSON and tags. */
  records: { tile: unknown; tags: string[] }[];
  /** 18xx track tiles (Rails Tiles.xml, 18xx.games lists). */
  track: TrackTile[];
  /** Rails game folders, each with its manifest, board and tiles. */
  games: GameInput[];
  /** Raster tiles cut from Tiled tilesets. */
  raster: TilesetRasterTile[];
  /** What the SVG reader ignored, one line each, naming the file. */
  warnings: string[];
  /** Items of the files that are not imported (an 18xx.games entry it cannot read, tileset tiles past the limit), each with why. */
  skipped: SkippedItem[];
}

/** What one source file gives. */
type Read = { vector?: VectorTileFile; track?: TrackTile[]; game?: GameInput; raster?: TilesetRasterTile[]; warnings?: readonly string[]; skipped?: readonly SkippedItem[] };

const isTileset = (name: string) => /\.(tsx|tsj)$/i.test(name);

/** A tileset file by path: its image is read from beside it (never from outside its folder). */
function readTilesetFile(path: string): Read {
  const text = readTextFile(path);
  const ts = /\.tsx$/i.test(path) ? parseTsx(text, path) : parseTsj(text, path);
  if (!ts.image) throw new Error(`${path}: the tileset has no image to cut tiles from`);
  const dir = dirname(path);
  const { tiles, skipped } = tilesetRasterTiles(ts, readTilesetImage(ts.image.source, dir, [dir]), path);
  return { raster: tiles, skipped };
}

const isRailsTiles = (name: string) => /^tiles\.xml$/i.test(basename(name));
const isDsl = (name: string) => /\.(dsl|txt|rb)$/i.test(name);

/** A track file's tiles from its text: Rails Tiles.xml, or an 18xx.games list (not a game's counted list: the CLI imports those with --game). */
function readTrackText(name: string, text: string): Read {
  if (isRailsTiles(name)) {
    const { tiles, warnings } = parseRailsTiles(text, name);
    return { track: tiles, warnings };
  }
  const file = parseTileDslFile(text, name);
  if (file.references.length) throw new Error(`${name}: a game's TILES list counts shared tiles; import it with \`sandtable import ${basename(name)} --into <library>\` (it keeps the game's manifest)`);
  const { tiles, ignored, skipped } = tilesFromDslFile(file, name);
  return { track: tiles, warnings: ignored.map((i) => `${name}: ${i}`), skipped };
}

function readNamed(name: string, text: () => string): Read {
  if (isRailsTiles(name) || isDsl(name)) return readTrackText(name, text());
  if (isTileset(name)) throw new Error(`${name}: a tileset's image lies beside it; import the tileset by its path (By path…) so the image can be read`);
  const v = readVectorTileText(name, text());
  return { vector: v, warnings: v.warnings };
}

export async function runTileImportTask(request: ValueJobRequest, progress: Progress): Promise<TileImportValue> {
  // Each source: how to read it, and the tags its folders give it (`hex/river/x.svg` → hex, river).
  const sources: { read: () => Read; tags: string[] }[] = [];
  if (request.path !== undefined) {
    const root = request.path;
    if (statSync(root).isDirectory() && existsSync(join(root, 'Tiles.xml'))) {
      sources.push({
        read: () => {
          const game = loadRailsGame(root);
          if (!game.manifest) throw new Error(`${root}: a Rails folder without TileSet.xml has no game manifest; import its Tiles.xml alone instead`);
          const id = game.manifest.game || basename(root);
          return { game: { id, manifest: game.manifest, ...(game.board ? { board: game.board } : {}), tiles: game.tiles }, warnings: game.warnings };
        },
        tags: [],
      });
    } else if (statSync(root).isDirectory()) {
      for (const file of listVectorTileFiles(root)) sources.push({ read: () => ({ vector: readVectorTileFile(file) }), tags: relative(root, file).split(sep).slice(0, -1) });
    } else sources.push({ read: () => (isTileset(root) ? readTilesetFile(root) : isRailsTiles(root) || isDsl(root) ? readTrackText(root, readTextFile(root)) : { vector: readVectorTileFile(root) }), tags: [] });
  }
  for (const f of request.files ?? []) sources.push({ read: () => readNamed(basename(f.name), () => f.text), tags: [] });
  if (sources.length === 0) throw new Error(`${request.path ?? 'the upload'}: no tile files found (.svg or .json vector tiles, Rails Tiles.xml, 18xx.games .dsl/.txt/.rb, Tiled .tsx/.tsj)`);
  const out: TileImportValue = { records: [], track: [], games: [], raster: [], warnings: [], skipped: [] };
  for (let k = 0; k < sources.length; k++) {
    await progress(TILE_IMPORT_LABEL, k, sources.length);
    const r = sources[k]!.read();
    if (r.vector) {
      out.records.push({ tile: vectorTileToJson(r.vector.tile), tags: [...new Set(sources[k]!.tags)] });
      out.warnings.push(...r.vector.warnings);
    } else out.warnings.push(...(r.warnings ?? []));
    if (r.track) out.track.push(...r.track);
    if (r.game) out.games.push(r.game);
    if (r.raster) out.raster.push(...r.raster);
    if (r.skipped) out.skipped.push(...r.skipped);
  }
  await progress(TILE_IMPORT_LABEL, sources.length, sources.length);
  return out;
}
