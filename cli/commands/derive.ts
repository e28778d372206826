/**
 * Strategic → tactical from the shell (SPEC §7, issue 6):
 *   sandtable derive <map.json> --at C [--select C;C…] [--ratio R] [--seed S] [--library L]
 *                   [--catalogue F] [--coords SYSTEM] -o tactical.json [--json]
 * `--at` is the reference tile, `--select` adds more tiles to the selection (coordinates
 * separated by ";"), both in the map's preferred coordinates or `--coords`. Without
 * `--library` the default substitute generators are used; with it, the substitutes in the
 * library's slots of its catalogue ("default", or its only one), the generators where a
 * slot is empty; the library's catalogue is the derivation's too, unless `--catalogue`
 * names a file. Bad arguments — a tile off the map, a linear or disconnected selection, an
 * inadmissible ratio — exit 2 with one line; an unreadable map file exits 1.
 */
import { existsSync } from 'node:fs';
import type { Io } from '../io.js';
import { UsageError } from '../io.js';
import { parse, parseInteger } from '../args.js';
import { loadCatalogue } from '../catalogue.js';
import { MAP_FILE_OPTIONS, mapCodec, mapFileArg, requireOutput } from '../map-file.js';
import { mapFromJsonText, mapToJsonText } from '../../core/map/map-json.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import type { TerrainCatalogue } from '../../core/terrain/catalogue.js';
import { formatSize } from '../../core/grid/size.js';
import { deriveTactical } from '../../core/derive/derive.js';
import { checkRatio } from '../../core/derive/geometry/ratios.js';
import { defaultRatio, derivedMapName, seedProblem } from '../../core/derive/options.js';
import type { TileLabel } from '../../core/map/ground-selection.js';
import type { SubstituteSource } from '../../core/derive/types.js';
import { requireDerivedMeta } from '../../core/map/meta.js';
import { openLibrary, type Library } from '../../node/store/index.js';
import { LIBRARY_CATALOGUE_ID } from './library.js';

export const deriveHelp = 'derive <map.json> --at C [--select C;C…] [--ratio R] [--seed S] [--library L] -o tactical.json   derive a tactical map from tiles of a map';

export function deriveCommand(argv: string[], io: Io): number {
  const { values, positionals } = parse('derive', argv, {
    at: { type: 'string' },
    select: { type: 'string', multiple: true },
    ratio: { type: 'string' },
    seed: { type: 'string' },
    library: { type: 'string' },
    ...MAP_FILE_OPTIONS,
  });
  const file = mapFileArg('derive', positionals, 'derive <map.json> --at C -o tactical.json');
  const output = requireOutput('derive', values.output, '<tactical.json>');
  if (typeof values.at !== 'string') throw new UsageError('derive: missing --at (the reference tile coordinate)');
  const map = mapFromJsonText(io.readText(file), file);
  const codec = mapCodec(map, values.coords);
  const tiles = [codec.decode(values.at, 'derive --at')];
  for (const group of (values.select as string[] | undefined) ?? []) {
    for (const text of group.split(';').map((s) => s.trim())) {
      if (text === '') continue;
      const t = codec.decode(text, 'derive --select');
      if (tiles.includes(t)) throw new UsageError(`derive --select: ${text} is selected twice (--at is selected already)`);
      tiles.push(t);
    }
  }
  const ratio = values.ratio === undefined ? defaultRatio(map.spec.kind) : parseInteger(values.ratio as string, 'derive: --ratio', 2);
  try {
    checkRatio(map.spec.kind, ratio);
  } catch (e) {
    throw new UsageError(`derive: --ratio: ${(e as Error).message}`);
  }
  const seed = values.seed === undefined ? 0 : parseInteger(values.seed as string, 'derive: --seed', 0);
  const badSeed = seedProblem(seed);
  if (badSeed !== null) throw new UsageError(`derive: --${badSeed}`);

  const library = typeof values.library === 'string' ? openDeriveLibrary(values.library) : null;
  try {
    const own = library ? libraryCatalogue(library) : null;
    const catalogue = own && values.catalogue === undefined ? own.catalogue : loadCatalogue(values.catalogue as string | undefined);
    const substitutes: SubstituteSource | undefined = library && own ? library.substituteSource(own.id) : undefined;
    // Tiles are named in the coordinates the command was given them in (--coords).
    const text = (t: number): string => {
      const c = codec.encode(t);
      return Array.isArray(c) ? c.join(',') : c;
    };
    const derived = derive(map, catalogue, substitutes, tiles, ratio, seed, (t) => `tile ${text(t)}`);
    const referenceText = text(tiles[0]!);
    derived.meta.name = derivedMapName(map.meta.name, ratio, referenceText);
    io.writeText(output, mapToJsonText(derived));
    const meta = requireDerivedMeta(derived.meta, output);
    const summary = {
      output,
      kind: derived.spec.kind,
      size: formatSize(derived.spec.size),
      tileCount: derived.tileCount,
      ratio,
      seed,
      lattice: meta.lattice,
      origin: meta.origin,
      selection: tiles.map((t) => codec.encode(t)),
      library: library ? library.path : null,
    };
    io.out(
      values.json
        ? `${JSON.stringify(summary)}\n`
        : `derived ${output}: ${summary.kind} ${summary.size}, ${summary.tileCount} tiles, ratio 1:${ratio}, seed ${seed}, ${tiles.length} tile${tiles.length === 1 ? '' : 's'} from ${referenceText}\n`,
    );
    return 0;
  } finally {
    library?.close();
  }
}

/**
 * The derivation; what it refuses (a linear or disconnected selection, a pentagon reference,
 * ground too far from the reference, a map too large) is a mistake in the arguments: exit 2.
 */
function derive(map: TerrainMap, catalogue: TerrainCatalogue, substitutes: SubstituteSource | undefined, tiles: number[], ratio: number, seed: number, label: TileLabel): TerrainMap {
  try {
    return deriveTactical(map, { catalogue, ...(substitutes ? { substitutes } : {}), tiles, ratio, seed, label });
  } catch (e) {
    throw new UsageError(`derive: ${(e as Error).message}`);
  }
}

function openDeriveLibrary(path: string): Library {
  if (!existsSync(path)) throw new UsageError(`derive: --library ${path} does not exist; create one with \`sandtable library init ${path}\``);
  try {
    return openLibrary(path);
  } catch (e) {
    throw new UsageError(`derive: --library ${path}: ${(e as Error).message}`);
  }
}

/** The library's catalogue: "default" (what `library init` stores), or its only one. */
function libraryCatalogue(library: Library): { id: string; catalogue: TerrainCatalogue } {
  const path = library.path;
  const ids = library.catalogues.list().map((c) => c.id);
  const id = ids.includes(LIBRARY_CATALOGUE_ID) ? LIBRARY_CATALOGUE_ID : ids.length === 1 ? ids[0]! : null;
  if (id === null) {
    throw new UsageError(
      ids.length === 0
        ? `derive: --library ${path} holds no terrain catalogue (and so no substitutes); create it with \`sandtable library init\``
        : `derive: --library ${path} holds catalogues ${ids.join(', ')} and none is "${LIBRARY_CATALOGUE_ID}"`,
    );
  }
  return { id, catalogue: library.catalogues.get(id)! };
}
