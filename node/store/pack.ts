/**
 * Library packs (SPEC §10 "library packs to share"): a whole library as one file — the
 * native interchange JSON, versioned and documented in docs/store.md, gzip-compressed.
 * Export orders every section by id (raster tiles by insertion order), so exporting,
 * importing into an empty library and exporting again gives the same bytes. Import reads
 * gzip or plain JSON, validates everything and writes it in ONE transaction; an error names
 * the pack, the JSON path of the record and what was expected.
 *
 * Must not depend on: Electron, DOM.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Board, GameManifest, TrackTile } from '../../core/track/types.js';
import type { MapJson } from '../../core/map/map-json.js';
import { mapFromJson, mapToJson } from '../../core/map/map-json.js';
import { parseJsonText } from '../../core/util/json-text.js';
import { ArgReader, InputError, nested, withRecordId } from './args.js';
import { readTrackTile } from '../../core/track/validate.js';
import { orientationNames } from './orientation.js';
import type { ImportOptions, ImportResult } from './import-result.js';
import { emptyImportResult, tally } from './import-result.js';
import type { Library } from './library.js';
import type { SubstituteSlot, SubstituteSlotInput } from './substitute-store.js';
import { SUBSTITUTE_LATTICES } from './substitute-store.js';
import type { CatalogueRecord } from './catalogue-store.js';
import type { RasterTileInput } from './raster-store.js';
import { readTile } from './raster-records.js';
import type { GameInput } from './game-store.js';
import type { VectorTileRecord } from './vector-store.js';

export const PACK_FORMAT = 'sandtable-library-pack';
/**
 * 2: substitute slots carry their lattice (a version 1 pack still imports: the slot map says it).
 * 3: vector-form tiles (`vectorTiles`); a build that reads only up to 2 refuses the section
 *    by name rather than dropping it, so the version says "update Sandtable" first.
 */
export const PACK_VERSION = 3;
/** A pack inflates to at most this much JSON (V8 strings top out near 512 MiB anyway). */
export const MAX_PACK_JSON_BYTES = 500 * 1024 * 1024;

interface Base64Image {
  mime: string;
  data: string;
}

export interface LibraryPack {
  format: typeof PACK_FORMAT;
  version: number;
  library: { name?: string; description?: string };
  catalogues: { id: string; catalogue: unknown }[];
  maps: { id: string; name: string; map: MapJson; thumbnail?: Base64Image }[];
  rasterTiles: {
    id: string;
    name: string;
    tags?: string[];
    shape: string;
    width: number;
    height: number;
    image: Base64Image;
    edges: string[];
    orientations?: string[];
  }[];
  trackTiles: TrackTile[];
  games: { id: string; name: string; manifest: GameManifest; board?: Board }[];
  /** `lattice` may be absent in packs written before slots had one: the slot map's grid kind says it. */
  substitutes: (SubstituteSlot | SubstituteSlotInput)[];
  /** Vector-form tiles: the native tile JSON with tags and allowed orientations (version 3). */
  vectorTiles: VectorTileRecord[];
}

export interface PackImportOptions extends ImportOptions {
  /** Names the pack in errors (usually its file name). */
  source?: string;
}

export interface PackImportResult {
  catalogues: ImportResult;
  maps: ImportResult;
  rasterTiles: ImportResult;
  trackTiles: ImportResult;
  games: ImportResult;
  substitutes: ImportResult;
  vectorTiles: ImportResult;
}

const SECTIONS = ['catalogues', 'maps', 'rasterTiles', 'trackTiles', 'games', 'substitutes', 'vectorTiles'] as const;

export function buildLibraryPack(lib: Library): LibraryPack {
  return lib.transaction(() => {
    const info = lib.info();
    const mapIds = lib.db.prepare('SELECT id FROM maps ORDER BY id').pluck().all() as string[];
    return {
      format: PACK_FORMAT,
      version: PACK_VERSION,
      library: { ...(info.name !== null ? { name: info.name } : {}), ...(info.description !== null ? { description: info.description } : {}) },
      catalogues: lib.catalogues.export(),
      maps: mapIds.map((id) => {
        const summary = lib.maps.get(id)!;
        const thumb = lib.maps.thumbnail(id);
        return {
          id,
          name: summary.name,
          map: mapToJson(lib.maps.load(id)),
          ...(thumb ? { thumbnail: { mime: thumb.mime, data: Buffer.from(thumb.data).toString('base64') } } : {}),
        };
      }),
      rasterTiles: lib.raster.export().map((t) => ({
        id: t.id,
        name: t.name,
        ...(t.tags ? { tags: [...t.tags] } : {}),
        shape: t.shape,
        width: t.width,
        height: t.height,
        image: { mime: t.image.mime, data: Buffer.from(t.image.data).toString('base64') },
        edges: [...t.edges],
        ...(t.orientations ? { orientations: [...t.orientations] } : {}),
      })),
      trackTiles: lib.track.export(),
      games: lib.games.export().map((g) => ({ id: g.id, name: g.name, manifest: g.manifest, ...(g.board ? { board: g.board } : {}) })),
      substitutes: lib.substitutes.export(),
      vectorTiles: lib.vector.export(),
    };
  });
}

export function exportLibraryPack(lib: Library): Buffer {
  return gzipSync(JSON.stringify(buildLibraryPack(lib)), { level: 9 });
}

/**
 * Imports a pack given as bytes (gzip or UTF-8 JSON) or as JSON text. `options.source`
 * names the pack in errors (usually its file name); `options.onConflict` ("error" by
 * default, "replace" or "skip") applies to every record whose id exists.
 */
export function importLibraryPack(lib: Library, data: unknown, options: PackImportOptions = {}): PackImportResult {
  const r0 = new ArgReader();
  const o = r0.strictObject(options, 'options', ['onConflict', 'source']);
  const onConflict = r0.onConflict(o.onConflict, 'options.onConflict');
  const source = o.source === undefined ? 'library pack' : r0.name(o.source, 'options.source');
  const json = parsePackBytes(data, source);
  const r = new ArgReader(source);
  const root = r.object(json, '$');
  r.onlyKeys(root, '$', ['format', 'version', 'library', ...SECTIONS]);
  if (root.format !== PACK_FORMAT) r.fail('$.format', `"${PACK_FORMAT}"`, root.format);
  const version = r.integer(root.version, '$.version', 1, Number.MAX_SAFE_INTEGER);
  if (version > PACK_VERSION) throw new InputError(source, '$.version', `this pack is format version ${version}; this Sandtable reads up to version ${PACK_VERSION} — update Sandtable`);
  const info = root.library === undefined ? {} : r.object(root.library, '$.library');
  r.onlyKeys(info, '$.library', ['name', 'description']);
  const section = (name: (typeof SECTIONS)[number]) => (root[name] === undefined ? [] : r.array(root[name], `$.${name}`));

  // Decode the parts that are not plain store input (maps, base64 images) before writing.
  const maps = section('maps').map((value, k) => {
    const path = `$.maps[${k}]`;
    const m = r.strictObject(value, path, ['id', 'name', 'map', 'thumbnail']);
    const id = r.id(m.id, `${path}.id`);
    return {
      id,
      name: r.name(m.name, `${path}.name`),
      map: rebase(() => mapFromJson(m.map, source), '$', `${path}.map`, source),
      thumbnail: m.thumbnail === undefined ? undefined : decodeImage(r, m.thumbnail, `${path}.thumbnail`),
    };
  });
  const rasterTiles = section('rasterTiles').map((value, k) => {
    const path = `$.rasterTiles[${k}]`;
    const t = r.object(value, path);
    return t.image === undefined ? t : { ...t, image: decodeImage(r, t.image, `${path}.image`) };
  });

  // The stores validate every record they are handed; the readers below (each where its store
  // reads, so errors come in the same order) check that a section has the shape its store takes.
  return lib.transaction(() => {
    const current = lib.info();
    const setInfo: Record<string, unknown> = {};
    if (current.name === null && info.name !== undefined) setInfo.name = info.name;
    if (current.description === null && info.description !== undefined) setInfo.description = info.description;
    if (Object.keys(setInfo).length) rebase(() => lib.setInfo(setInfo), 'info', '$.library', source);

    const result: PackImportResult = {
      catalogues: rebase(() => lib.catalogues.import(readCatalogueRecords(section('catalogues')), { onConflict }), 'catalogues', '$.catalogues', source),
      maps: emptyImportResult(),
      rasterTiles: emptyImportResult(),
      trackTiles: emptyImportResult(),
      games: emptyImportResult(),
      substitutes: emptyImportResult(),
      vectorTiles: emptyImportResult(),
    };
    maps.forEach((m, k) => {
      if (lib.maps.has(m.id)) {
        if (onConflict === 'skip') {
          tally(result.maps, 'skipped', m.id);
          return;
        }
        if (onConflict === 'error') throw new InputError(source, `$.maps[${k}].id`, `a map "${m.id}" already exists (import with onConflict "replace" or "skip")`);
        result.maps.replaced++;
      } else result.maps.added++;
      rebase(() => lib.maps.put(m.map, { id: m.id, name: m.name, thumbnail: m.thumbnail ?? null }), 'options', `$.maps[${k}]`, source);
    });
    result.rasterTiles = rebase(() => lib.raster.import(readRasterTiles(rasterTiles), { onConflict }), 'tiles', '$.rasterTiles', source);
    result.trackTiles = rebase(() => lib.track.import(readTrackTiles(section('trackTiles')), { onConflict }), 'tiles', '$.trackTiles', source);
    section('games').forEach((g, k) => {
      const done = rebase(() => lib.games.import(g as GameInput, { onConflict }), 'game', `$.games[${k}]`, source);
      tally(result.games, done.outcome, done.game);
    });
    result.substitutes = rebase(() => lib.substitutes.import(readSlots(section('substitutes')), { onConflict }), 'slots', '$.substitutes', source);
    result.vectorTiles = rebase(() => lib.vector.import(readVectorRecords(section('vectorTiles')), { onConflict }), 'tiles', '$.vectorTiles', source);
    return result;
  });
}

/*
 * The shapes of the sections the stores import. Each reader gives its store's `import` what it
 * is typed with: raster and track tiles by the very readers their stores use
 * (raster-records.ts, core/track/validate.ts); catalogues, slots and vector records by their
 * fields and kinds, through the ArgReader rules the store applies to them — with the store's
 * argument paths (`tiles[3].name`), so `rebase` places an error in the pack as it places the
 * store's. The rest of a record's rules (ratios, terrains, geometry) stay the store's, which
 * reads every record again as it writes.
 */

/** Each value of a section as an object at its store path (`tiles[3]`), then read by `read`. */
function readEach<T>(values: readonly unknown[], name: string, read: (r: ArgReader, o: Record<string, unknown>, path: string) => T): T[] {
  const r = new ArgReader();
  return values.map((value, k) => read(r, r.object(value, `${name}[${k}]`), `${name}[${k}]`));
}

function readCatalogueRecords(values: readonly unknown[]): CatalogueRecord[] {
  return readEach(values, 'catalogues', (r, o, path) => ({ id: r.id(o.id, `${path}.id`), catalogue: o.catalogue }));
}

/** Raster tiles (their images decoded by the pack, `decodeImage`) by the raster store's own reader. */
function readRasterTiles(values: readonly Record<string, unknown>[]): RasterTileInput[] {
  const r = new ArgReader();
  return values.map((raw, k) => {
    const { mask, ...t } = readTile(r, raw, `tiles[${k}]`);
    return { ...t, ...(raw.orientations === undefined ? {} : { orientations: orientationNames(t.shape, mask) }) };
  });
}

/** Track tiles by core's reader (core/track/validate.ts), as the track store reads them. */
function readTrackTiles(values: readonly unknown[]): TrackTile[] {
  return values.map((t, k) => withRecordId(isRecord(t) ? t.id : undefined, () => nested(`tiles[${k}]`, () => readTrackTile(t))));
}

function readSlots(values: readonly unknown[]): SubstituteSlotInput[] {
  return readEach(values, 'slots', (r, o, path) => ({
    catalogueId: r.id(o.catalogueId, `${path}.catalogueId`),
    terrainId: r.id(o.terrainId, `${path}.terrainId`),
    ...(o.lattice === undefined ? {} : { lattice: r.oneOf(o.lattice, `${path}.lattice`, SUBSTITUTE_LATTICES) }),
    ratio: r.number(o.ratio, `${path}.ratio`),
    mapId: r.id(o.mapId, `${path}.mapId`),
  }));
}

/** Vector tile records: the tile JSON stays the store's to read (core/vector), with the catalogue's terrains. */
function readVectorRecords(values: readonly unknown[]): VectorTileRecord[] {
  return readEach(values, 'tiles', (r, o, path) => ({
    tile: o.tile,
    ...(o.tags === undefined ? {} : { tags: r.stringList(o.tags, `${path}.tags`) }),
    ...(o.orientations === undefined ? {} : { orientations: r.stringList(o.orientations, `${path}.orientations`) }),
  }));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function parsePackBytes(data: unknown, source: string): unknown {
  let text: string;
  if (typeof data === 'string') text = data;
  else if (data instanceof Uint8Array) {
    let bytes: Uint8Array = data;
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      try {
        bytes = gunzipSync(bytes, { maxOutputLength: MAX_PACK_JSON_BYTES });
      } catch (e) {
        const tooBig = (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
        throw new InputError(source, 'gzip stream', tooBig ? `expected at most ${MAX_PACK_JSON_BYTES} bytes of JSON once decompressed; this pack inflates beyond that` : `expected a complete gzip stream (${(e as Error).message})`);
      }
    }
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new InputError(source, 'bytes', 'expected UTF-8 JSON text (or gzip-compressed UTF-8 JSON); this is neither');
    }
  } else throw new InputError('argument', 'data', `expected the pack as bytes (a Uint8Array or Buffer) or JSON text, got ${typeof data}`);
  return parseJsonText(text, source);
}

function decodeImage(r: ArgReader, value: unknown, path: string): { mime: string; data: Buffer } {
  const o = r.strictObject(value, path, ['mime', 'data']);
  const mime = r.string(o.mime, `${path}.mime`);
  const text = r.string(o.data, `${path}.data`);
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) r.fail(`${path}.data`, 'base64 image data', text);
  return { mime, data: Buffer.from(text, 'base64') };
}

/**
 * Runs a store call and re-labels its InputErrors so they point into the pack: a store's
 * `tiles[3].edges[0]` becomes `$.rasterTiles[3].edges[0]` in file `source`.
 */
function rebase<T>(fn: () => T, from: string, to: string, source: string): T {
  try {
    return fn();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    const where = e.where;
    // mapFromJson reports '$'-rooted paths under the pack's own name; stores report argument paths.
    if (e.source === source && where.startsWith('$')) throw new InputError(source, `${to}${where.slice(1)}`, e.expected);
    throw new InputError(source, where.startsWith(from) ? `${to}${where.slice(from.length)}` : `${to}: ${where}`, e.expected);
  }
}
