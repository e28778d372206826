/**
 * Vector-form tiles from the shell (SPEC §6; docs/vector-tiles.md):
 *   sandtable tile import <file.svg|file.json|folder> --into <lib> [--on-conflict error|replace|skip]
 *   sandtable tile show <file.svg|file.json|lib:tile-id>                 shape, elements, edge indicators
 *   sandtable tile match <A> <B> --edge K [--transform-a T] [--transform-b T] [--edge-b K2]
 *                                     does B fit across A's edge K? exit 0 yes, 1 no, 2 bad arguments
 *   sandtable tile warp <hex tile> --rotation K -o pentagon.svg          fit a hexagon tile to a pentagon
 *   sandtable tile export <lib:tile-id|lib> -o out.svg|out.json|folder   one tile, or every tile of a library
 * A tile is a file or `LIB:TILE-ID` (a library file, a colon, a tile id). T is an orientation:
 * `r60` turns 60° clockwise, `m60` mirrors left–right then turns (core/vector
 * parseOrientation). Imports read every file first — the first bad file stops everything
 * with one error naming the file and the element — and then write in one transaction, so a
 * library is never left half-imported.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Io } from '../io.js';
import { UsageError } from '../io.js';
import { parse } from '../args.js';
import { loadCatalogue } from '../catalogue.js';
import { LIBRARY_CATALOGUE_ID, storeKind, withLibrary } from './library.js';
import type { Library } from '../../node/store/index.js';
import { readVectorTileFile, readVectorTiles } from '../../node/formats/vector-files.js';
import { extentOf } from '../../core/vector/classify.js';
import { edgeIndicators, indicatorsOf } from '../../core/vector/indicators.js';
import { vectorTileToJson, writeVectorTile } from '../../core/vector/json.js';
import { matchEdges } from '../../core/vector/match.js';
import { orientTile, parseOrientation } from '../../core/vector/orientation.js';
import type { Orientation } from '../../core/vector/orientation.js';
import { PENTAGON, facingDirection } from '../../core/vector/shape.js';
import type { TileShape } from '../../core/vector/shape.js';
import { exportSvg } from '../../core/vector/svg.js';
import type { VectorTile } from '../../core/vector/types.js';
import { warpHexTile } from '../../core/vector/warp.js';
import { matchOptionsFrom } from '../../core/vector/terrain-rules.js';
import { skippedLines } from '../../core/formats/import-summary.js';

export const tileHelp = 'tile import|show|match|warp|export …   vector-form tiles: import SVG/JSON into a library, show indicators, match, warp, export';

const SUBCOMMANDS = ['import', 'show', 'match', 'warp', 'export'] as const;

export function tileCommand(argv: string[], io: Io): number {
  const [sub, ...rest] = argv;
  if (!sub || !(SUBCOMMANDS as readonly string[]).includes(sub)) throw new UsageError(`tile: expected ${SUBCOMMANDS.join(', ')}; got ${sub ? `"${sub}"` : 'nothing'}`);
  const { values, positionals } = parse(`tile ${sub}`, rest, {
    into: { type: 'string' },
    'on-conflict': { type: 'string' },
    edge: { type: 'string' },
    'edge-b': { type: 'string' },
    'transform-a': { type: 'string' },
    'transform-b': { type: 'string' },
    rotation: { type: 'string' },
    output: { type: 'string', short: 'o' },
    catalogue: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  const out: Out = (value, text) => io.out(values.json ? `${JSON.stringify(value)}\n` : `${text}\n`);
  switch (sub) {
    case 'import':
      return tileImport(positionals, values, out);
    case 'show': {
      if (positionals.length !== 1) throw new UsageError('tile show: expected one tile (a .svg or .json file, or LIB:TILE-ID)');
      const tile = loadTile(positionals[0]!, 'tile show');
      const shown = describeTile(tile);
      out(shown, textOf(tile, shown));
      return 0;
    }
    case 'match':
      return tileMatch(positionals, values, out);
    case 'warp':
      return tileWarp(positionals, values, io, out);
    case 'export':
      return tileExport(positionals, values, io, out);
  }
  return 0;
}

type Values = ReturnType<typeof parse>['values'];
/** Output of a command: JSON with --json, else the text. */
type Out = (value: unknown, text: string) => void;

/** `tile import`: every file read and validated first, then written in one transaction. */
function tileImport(positionals: string[], values: Values, out: Out): number {
  if (positionals.length !== 1) throw new UsageError('tile import: expected exactly one file or folder (tile import <file.svg|file.json|folder> --into <library>)');
  const source = positionals[0]!;
  const into = values.into;
  if (typeof into !== 'string' || !into) throw new UsageError('tile import: missing --into <library file>');
  if (!existsSync(source)) throw new UsageError(`tile import: ${source} does not exist`);
  const conflict = (values['on-conflict'] as string | undefined) ?? 'error';
  if (!['error', 'replace', 'skip'].includes(conflict)) throw new UsageError(`tile import: --on-conflict must be error, replace or skip, got "${conflict}"`);
  return withLibrary(into, (lib) => {
    const terrains = catalogueTerrains(lib);
    // Every file is read and validated before the library is touched.
    const files = readVectorTiles(source, terrains ? { terrains } : {});
    if (files.length === 0) throw new Error(`${source}: no .svg or .json tile files in this folder`);
    const result = lib.vector.import(
      files.map((f) => ({ tile: vectorTileToJson(f.tile) })),
      { onConflict: conflict as 'error' | 'replace' | 'skip', ...(terrains ? { catalogueId: LIBRARY_CATALOGUE_ID } : {}) },
    );
    const warnings = files.flatMap((f) => f.warnings);
    const text = `imported ${files.length} vector tiles from ${source} into ${into} (${result.added} added, ${result.replaced} replaced, ${result.skipped.length} skipped)`;
    out({ ...result, tiles: files.map((f) => f.tile.id), warnings }, [text, ...skippedLines(result.skipped).map((l) => `  ${l}`), ...warnings].join('\n'));
    return 0;
  });
}

/** `tile match`: does B fit across A's edge? 0 yes, 1 no. */
function tileMatch(positionals: string[], values: Values, out: Out): number {
  if (positionals.length !== 2) throw new UsageError('tile match: expected two tiles, A and B (tile match <A> <B> --edge K)');
  const a = loadTile(positionals[0]!, 'tile match');
  const b = loadTile(positionals[1]!, 'tile match');
  if (a.shape.name !== b.shape.name) throw new UsageError(`tile match: A is a ${a.shape.name} tile and B a ${b.shape.name} tile; only tiles of one shape adjoin`);
  const edge = edgeArgument(values.edge as string | undefined, a.shape, '--edge', 'tile match');
  let edgeB: number;
  if (values['edge-b'] !== undefined) edgeB = edgeArgument(values['edge-b'] as string, b.shape, '--edge-b', 'tile match');
  else if (a.shape.name === 'pentagon') throw new UsageError('tile match: on a pentagon the facing edge comes from the globe; give --edge-b K');
  else edgeB = facingDirection(a.shape, edge);
  const oa = orientationArgument(values['transform-a'] as string | undefined, a.shape, '--transform-a');
  const ob = orientationArgument(values['transform-b'] as string | undefined, b.shape, '--transform-b');
  const options = matchOptionsFrom(loadCatalogue(values.catalogue as string | undefined));
  const m = matchEdges(indicatorsOf(edgeIndicators(orientTile(a, oa)), edge), indicatorsOf(edgeIndicators(orientTile(b, ob)), edgeB), options);
  const reason = m.ok ? null : m.message;
  out({ fits: m.ok, reason }, m.ok ? `fits: B's edge ${edgeB} continues A's edge ${edge}` : `does not fit: ${reason}`);
  return m.ok ? 0 : 1;
}

/** `tile warp`: a hexagon tile fitted to a pentagon. */
function tileWarp(positionals: string[], values: Values, io: Io, out: Out): number {
  if (positionals.length !== 1) throw new UsageError('tile warp: expected one hexagon tile (tile warp <hex tile> --rotation K -o pentagon.svg)');
  const output = values.output;
  if (typeof output !== 'string' || !output) throw new UsageError('tile warp: missing -o <pentagon.svg|pentagon.json>');
  const tile = loadTile(positionals[0]!, 'tile warp');
  if (tile.shape.name !== 'hex') throw new UsageError(`tile warp: the warp fits hexagon tiles to a pentagon; this tile is a ${tile.shape.name}`);
  const rotation = values.rotation as string | undefined;
  if (rotation === undefined) throw new UsageError('tile warp: missing --rotation K (degrees, 0, 60 … 300: which way the hexagon sits before its north-west sixth is shared with its neighbours)');
  const o = orientationArgument(/^\d+$/.test(rotation) ? `r${rotation}` : rotation, tile.shape, '--rotation');
  const { tile: warped, reported } = warpHexTile(orientTile(tile, o), PENTAGON);
  io.writeText(output, extname(output).toLowerCase() === '.json' ? writeVectorTile(warped) : exportSvg(warped));
  const notes = reported.map((r) => r.message);
  out({ output, reported: notes }, `${tile.id} → ${output}${notes.length ? ` (check: ${notes.join('; ')})` : ''}`);
  return 0;
}

/** `tile export`: one tile to a file, or every tile of a library to a folder. */
function tileExport(positionals: string[], values: Values, io: Io, out: Out): number {
  if (positionals.length !== 1) throw new UsageError('tile export: expected LIB:TILE-ID or a library (tile export <lib:tile-id|lib> -o out.svg|folder)');
  const output = values.output;
  if (typeof output !== 'string' || !output) throw new UsageError('tile export: missing -o <out.svg|out.json|folder>');
  const arg = positionals[0]!;
  const ref = libraryRef(arg);
  if (ref) {
    const tile = loadTile(arg, 'tile export');
    io.writeText(output, extname(output).toLowerCase() === '.json' ? writeVectorTile(tile) : exportSvg(tile));
    out({ written: [output] }, `${ref.id} → ${output}`);
    return 0;
  }
  if (!existsSync(arg)) throw new UsageError(`tile export: ${arg} does not exist`);
  if (existsSync(output) && !statSync(output).isDirectory()) throw new UsageError(`tile export: exporting a whole library needs -o <folder>; ${output} is a file`);
  return withLibrary(arg, (lib) => {
    mkdirSync(output, { recursive: true });
    const written: string[] = [];
    for (const record of lib.vector.export()) {
      const id = (record.tile as { id: string }).id;
      const path = join(output, `${fileNameOf(id)}.svg`);
      io.writeText(path, exportSvg(lib.vector.tile(id)!));
      written.push(path);
    }
    out({ written }, `${written.length} vector tiles → ${output}`);
    return 0;
  });
}

/** The library's default catalogue's terrain ids (what its tiles must use), if it has one. */
function catalogueTerrains(lib: Library): ReadonlySet<string> | undefined {
  const catalogue = lib.catalogues.get(LIBRARY_CATALOGUE_ID);
  return catalogue ? new Set(catalogue.terrains.map((t) => t.id)) : undefined;
}

/** `lib:tile-id` when the text is no file but starts with an existing library file and a colon. */
function libraryRef(text: string): { library: string; id: string } | null {
  if (existsSync(text) && statSync(text).isFile()) return null;
  for (let i = text.lastIndexOf(':'); i > 0; i = text.lastIndexOf(':', i - 1)) {
    const library = text.slice(0, i);
    if (existsSync(library) && statSync(library).isFile()) return { library, id: text.slice(i + 1) };
  }
  return null;
}

function loadTile(text: string, command: string): VectorTile {
  const ref = libraryRef(text);
  if (ref) {
    if (storeKind(ref.library) !== 'library') throw new UsageError(`${command}: ${ref.library} is a project, not a library`);
    if (!ref.id) throw new UsageError(`${command}: expected LIB:TILE-ID, got no tile id after the colon`);
    return withLibrary(ref.library, (lib) => {
      const tile = lib.vector.tile(ref.id);
      if (!tile) throw new Error(`${ref.library}: no vector tile "${ref.id}"`);
      return tile;
    });
  }
  if (!existsSync(text)) throw new UsageError(`${command}: ${text} does not exist (a tile is a .svg or .json file, or LIB:TILE-ID)`);
  return readVectorTileFile(text).tile;
}

function edgeArgument(text: string | undefined, shape: TileShape, flag: string, command: string): number {
  const dirs = shape.edges.map((e) => e.dir);
  if (text === undefined) throw new UsageError(`${command}: missing ${flag} K (an edge of the ${shape.name} tile: ${dirs.join(', ')})`);
  const k = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!dirs.includes(k)) throw new UsageError(`${command}: ${flag} must be an edge of the ${shape.name} tile (${dirs.join(', ')}, the grid direction it faces), got "${text}"`);
  return k;
}

function orientationArgument(text: string | undefined, shape: TileShape, flag: string): Orientation {
  if (text === undefined) return { rotation: 0, mirror: 'none' };
  try {
    return parseOrientation(shape, text);
  } catch (e) {
    throw new UsageError(`tile: ${flag}: ${(e as Error).message}`);
  }
}

/** A tile id as a file name: characters a file system may refuse become `_`. */
function fileNameOf(id: string): string {
  return id.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_') || '_';
}

interface ShownTile {
  shape: string;
  elements: { id: string; kind: string; terrain: string; crossing: 'interior' | 'edge' }[];
  edges: { edge: number; segment: number; positions: { terrain: string; t: number }[]; presence: string[] }[];
}

/**
 * What `tile show` prints. `edge` is the edge's name (the grid direction it faces, as
 * everywhere in core/vector); `segment` numbers the edges that share one side of the shape
 * (the halved left and right sides of an offset-square: 0 upper, 1 lower), 0 elsewhere.
 */
export function describeTile(tile: VectorTile): ShownTile {
  const segmentOf = (i: number): number => {
    const e = tile.shape.edges[i]!;
    const prev = tile.shape.edges[(i + tile.shape.edges.length - 1) % tile.shape.edges.length]!;
    const dx1 = e.to[0] - e.from[0], dy1 = e.to[1] - e.from[1], dx0 = prev.to[0] - prev.from[0], dy0 = prev.to[1] - prev.from[1];
    // Collinear with the edge before it: the second half of one side.
    return Math.abs(dx1 * dy0 - dy1 * dx0) < 1e-12 ? 1 : 0;
  };
  return {
    shape: tile.shape.name,
    elements: tile.elements.map((el) => ({ id: el.id, kind: el.kind, terrain: el.terrain, crossing: extentOf(tile.shape, el) === 'edge-crossing' ? 'edge' : 'interior' })),
    edges: edgeIndicators(tile).map((ind, i) => ({
      edge: ind.dir,
      segment: segmentOf(i),
      positions: ind.positions.map((p) => ({ terrain: p.terrain, t: p.t })),
      presence: [...ind.presence],
    })),
  };
}

function textOf(tile: VectorTile, shown: ShownTile): string {
  const lines = [`${tile.id}${tile.name ? ` "${tile.name}"` : ''}: ${shown.shape}, ${shown.elements.length} elements`];
  for (const e of shown.elements) lines.push(`  ${e.kind} ${e.id} (${e.terrain}, ${e.crossing})`);
  for (const e of shown.edges) {
    const pos = e.positions.map((p) => `${p.terrain}@${Math.round(p.t * 1000) / 1000}`).join(' ');
    lines.push(`  edge ${e.edge}${e.segment ? `.${e.segment}` : ''}: ${pos || '—'}${e.presence.length ? `; wholly ${e.presence.join(', ')}` : ''}`);
  }
  return lines.join('\n');
}
