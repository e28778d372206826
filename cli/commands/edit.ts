/**
 * Making maps from the shell:
 *   sandtable new --kind K --size S [--alform] [--pointy] [--wrap x,y] --fill TERRAIN -o map.json
 *   (--pointy: pointy-topped hexes; S is the grid's size, whose W columns are drawn as W rows)
 *   sandtable paint <map.json> --terrain T --at C[,C…] [--edge DIR] [--coords SYSTEM] [-o out.json]
 * Terrain ids are checked against the catalogue, and AL-FORM rules are kept (core/map/paint.ts,
 * the same rules the app applies): area terrain goes on area tiles, linear terrain on linear
 * tiles; on classic maps linear terrain goes on tile edges (`--edge DIR`, the direction
 * index of SPEC §2).
 */
import type { Io } from '../io.js';
import { UsageError } from '../io.js';
import { GRID_OPTIONS, gridSpecFrom, parse, parseInteger, requireString } from '../args.js';
import { loadCatalogue } from '../catalogue.js';
import { coordArity, MAP_FILE_OPTIONS, mapCodec, mapFileArg, requireOutput, requireStrings, saveMap } from '../map-file.js';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { mapFromJsonText, mapToJsonText } from '../../core/map/map-json.js';
import { applyPlan, fillArea, PaintError, planEdgePaint, planPaint } from '../../core/map/paint.js';
import { findTerrain } from '../../core/terrain/lookup.js';
import { formatSize } from '../../core/grid/size.js';

export const newHelp = 'new --kind K --size S [--alform] [--pointy] [--wrap x,y] --fill TERRAIN -o map.json   create a map (--pointy: pointy-topped hexes, the grid\'s W columns drawn as rows)';
export const paintHelp = 'paint <map.json> --terrain T --at C[,C…] [--edge DIR] [-o out.json]   paint terrain onto tiles (or edges)';

export function newCommand(argv: string[], io: Io): number {
  const { values, positionals } = parse('new', argv, { ...GRID_OPTIONS, fill: { type: 'string' }, output: { type: 'string', short: 'o' }, catalogue: { type: 'string' }, name: { type: 'string' } });
  if (positionals.length) throw new UsageError(`new: unexpected argument "${positionals[0]}"`);
  const spec = gridSpecFrom('new', values);
  const output = requireOutput('new', values.output, '<map.json>');
  const catalogue = loadCatalogue(values.catalogue as string | undefined);
  const fill = values.fill as string | undefined;
  if (fill !== undefined) {
    const t = findTerrain(catalogue, fill);
    if (!t) throw new UsageError(`new: --fill "${fill}" is not a terrain of catalogue "${catalogue.name}"`);
    if (t.class !== 'area') throw new UsageError(`new: --fill needs area terrain; "${fill}" is linear`);
  }
  let map: TerrainMap;
  try {
    map = TerrainMap.create({ size: spec.size, wrap: spec.wrap, alform: spec.alform, orientation: spec.orientation, meta: typeof values.name === 'string' ? { name: values.name } : {} });
  } catch (e) {
    throw new UsageError(`new: ${(e as Error).message}`);
  }
  if (fill !== undefined) fillArea(map, catalogue, fill);
  io.writeText(output, mapToJsonText(map));
  const summary = { output, kind: map.spec.kind, size: formatSize(map.spec.size), alform: map.spec.alform, orientation: map.spec.orientation ?? 'flat', tileCount: map.tileCount, fill: fill ?? null };
  io.out(values.json ? `${JSON.stringify(summary)}\n` : `created ${output}: ${summary.kind} ${summary.size}${summary.orientation === 'pointy' ? ' pointy-topped' : ''}${summary.alform ? ' AL-FORM' : ''}, ${summary.tileCount} tiles\n`);
  return 0;
}

export function paintCommand(argv: string[], io: Io): number {
  const { values, positionals } = parse('paint', argv, {
    terrain: { type: 'string' },
    at: { type: 'string', multiple: true },
    edge: { type: 'string' },
    ...MAP_FILE_OPTIONS,
  });
  const file = mapFileArg('paint', positionals, 'paint <map.json> --terrain T --at C');
  const id = requireString('paint', values.terrain, 'terrain', 'a terrain id, or "none" to erase');
  const ats = requireStrings('paint', values.at, 'at', 'one or more tile coordinates');
  const map = mapFromJsonText(io.readText(file), file);
  const catalogue = loadCatalogue(values.catalogue as string | undefined);
  const erase = id === 'none';
  if (!erase && !findTerrain(catalogue, id)) throw new UsageError(`paint: "${id}" is not a terrain of catalogue "${catalogue.name}"`);
  const codec = mapCodec(map, values.coords);
  const tiles = ats.flatMap((a) => splitCoords(a, coordArity(map, values.coords))).map((c) => codec.decode(c, `paint --at ${c}`));
  const edge = values.edge === undefined ? null : parseInteger(values.edge as string, 'paint: --edge', 0);
  if (edge !== null && map.spec.alform) throw new UsageError('paint: --edge is for classic maps; on AL-FORM maps paint the linear tile itself');
  // One plan per edge (each edge is its own slot); tiles go in one plan, checked before anything changes.
  try {
    const plans = edge === null ? [planPaint(map, catalogue, tiles, erase ? '' : id)] : tiles.map((t) => planEdgePaint(map, catalogue, t, edge, erase ? '' : id));
    for (const plan of plans) applyPlan(map, plan);
  } catch (e) {
    if (e instanceof PaintError) throw new UsageError(`paint: ${e.message.replace('(give the edge direction)', '(give --edge DIR)')}`);
    throw e;
  }
  const painted = [...new Set(tiles)];
  const output = saveMap(io, map, values.output, file);
  io.out(values.json ? `${JSON.stringify({ output, terrain: erase ? null : id, tiles: painted.map((t) => codec.encode(t)) })}\n` : `painted ${painted.length} tile(s) with ${erase ? 'nothing' : id} → ${output}\n`);
  return 0;
}

/** "3,4" → ["3,4"]; "3,4,5,6" → ["3,4","5,6"]; "1,-1,0;2,0,-2" → both; arity decides the split. */
export function splitCoords(text: string, arity: number, what = 'paint --at'): string[] {
  return text.split(/[;\s]+/).filter(Boolean).flatMap((part) => {
    const nums = part.split(',');
    if (nums.length <= arity) return [part];
    if (nums.length % arity !== 0) throw new UsageError(`${what.replace(' ', ': ')} "${part}" is not a list of ${arity}-number coordinates`);
    const out: string[] = [];
    for (let k = 0; k < nums.length; k += arity) out.push(nums.slice(k, k + arity).join(','));
    return out;
  });
}
