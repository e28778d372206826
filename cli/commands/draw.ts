/**
 * Drawing a linear feature from the shell, by the same rule as the app's linear tool:
 *   sandtable draw <map.json> --terrain T --through C;C;… [--level N] [--coords SYSTEM] [-o out.json]
 * A terrain the catalogue runs THROUGH tiles (road, railroad, trail: `runs: "through"`) is a
 * network: the given tiles are waypoints joined by the straightest chain of adjoining area
 * tiles and drawn centre to centre (core/map network-edit.ts chainThrough, network-plan.ts),
 * on classic and AL-FORM maps alike. A terrain that runs ALONG tiles (river, wall) runs
 * through the centres of the given tiles as one connected chain of linear tiles
 * (core/alform/linear-stroke.ts); crossings become the catalogue's composites
 * (core/map/draw-linear.ts). AL-FORM maps.
 */
import type { Io } from '../io.js';
import { UsageError } from '../io.js';
import { parse, requireString } from '../args.js';
import { loadCatalogue } from '../catalogue.js';
import { coordArity, MAP_FILE_OPTIONS, mapCodec, mapFileArg, requireStrings, saveMap } from '../map-file.js';
import { mapFromJsonText } from '../../core/map/map-json.js';
import { applyPlan, PaintError } from '../../core/map/paint.js';
import { planLinearStroke } from '../../core/map/draw-linear.js';
import { strokeThrough } from '../../core/alform/linear-stroke.js';
import { tileClasses } from '../../core/alform/tile-classes.js';
import type { ModelPoint } from '../../core/grid/types.js';
import { splitCoords } from './edit.js';
import { runsThrough } from '../../core/terrain/network.js';
import type { TerrainCatalogue } from '../../core/terrain/types.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import type { CoordCodec } from '../coord-codec.js';
import { NetworkSides } from '../../core/map/network-sides.js';
import { chainThrough, NetworkChainError } from '../../core/map/network-edit.js';
import { applyNetworkPlan, NetworkEditError, planNetworkDraw } from '../../core/map/network-plan.js';
import { parseInteger } from '../args.js';

export const drawHelp = 'draw <map.json> --terrain T --through C;C;… [--level N] [-o out.json]   draw a road (centre to centre) or a river (along tiles) as one connected chain';

export function drawCommand(argv: string[], io: Io): number {
  const { values, positionals } = parse('draw', argv, {
    terrain: { type: 'string' },
    through: { type: 'string', multiple: true },
    level: { type: 'string' },
    ...MAP_FILE_OPTIONS,
  });
  const file = mapFileArg('draw', positionals, 'draw <map.json> --terrain T --through C;C');
  const id = requireString('draw', values.terrain, 'terrain', 'a linear terrain id');
  const throughs = requireStrings('draw', values.through, 'through', 'the tiles the stroke passes, in order');
  const catalogue = loadCatalogue(values.catalogue as string | undefined);
  // Older files' roads on linear tiles are read as through-tile roads (map JSON version 3).
  const map = mapFromJsonText(io.readText(file), file, { catalogue });
  const codec = mapCodec(map, values.coords);
  const arity = coordArity(map, values.coords);
  const tiles = throughs.flatMap((a) => splitCoords(a, arity, 'draw --through')).map((c) => codec.decode(c, `draw --through ${c}`));
  if (runsThrough(catalogue, id)) return drawNetwork(io, { map, catalogue, terrain: id, tiles, level: values.level, codec, file, output: values.output, json: values.json === true });
  if (values.level !== undefined) throw new UsageError('draw: --level is for networks (terrain that runs through tiles: roads, railroads)');
  if (!map.spec.alform) throw new UsageError('draw: needs an AL-FORM map for terrain that runs along tiles; on classic maps put it on edges with paint --edge');
  const chain = strokeThrough(map.grid, tileClasses(map.grid), tiles.map((t) => map.grid.center(t) as ModelPoint));
  try {
    applyPlan(map, planLinearStroke(map, catalogue, chain, id));
  } catch (e) {
    if (e instanceof PaintError) throw new UsageError(`draw: ${e.message}`);
    throw e;
  }
  const output = saveMap(io, map, values.output, file);
  const drawn = chain.map((t) => ({ at: codec.encode(t), terrain: map.terrainAt(t) }));
  io.out(values.json ? `${JSON.stringify({ output, terrain: id, chain: drawn })}\n` : `drew ${id} along ${chain.length} linear tile(s) → ${output}\n`);
  return 0;
}

interface NetworkDraw {
  readonly map: TerrainMap;
  readonly catalogue: TerrainCatalogue;
  readonly terrain: string;
  /** The waypoints, in order. */
  readonly tiles: readonly number[];
  readonly level: unknown;
  readonly codec: CoordCodec;
  readonly file: string;
  readonly output: unknown;
  readonly json: boolean;
}

/** A network terrain drawn centre to centre through the waypoints (classic and AL-FORM maps). */
function drawNetwork(io: Io, d: NetworkDraw): number {
  const level = d.level === undefined ? 0 : parseInteger(d.level as string, 'draw: --level', 0);
  if (level > 3) throw new UsageError(`draw: --level must be 0…3 (the drawing order of crossing connections), got ${level}`);
  let chain: number[];
  const sides = NetworkSides.of(d.map);
  try {
    chain = chainThrough(sides, d.tiles.map((t) => nearestGround(sides, t)));
    applyNetworkPlan(d.map, planNetworkDraw(d.map, d.catalogue, d.terrain, chain, level));
  } catch (e) {
    if (e instanceof NetworkChainError || e instanceof NetworkEditError) throw new UsageError(`draw: ${e.message}`);
    throw e;
  }
  const output = saveMap(io, d.map, d.output, d.file);
  const tiles = chain.filter((t, k) => k === 0 || chain[k - 1] !== t);
  io.out(d.json ? `${JSON.stringify({ output, terrain: d.terrain, network: true, chain: tiles.map((t) => d.codec.encode(t)) })}\n` : `drew ${d.terrain} through ${tiles.length} tile(s), centre to centre → ${output}\n`);
  return 0;
}

/** `tile`, or on an AL-FORM map for a linear tile the area tile beside it whose centre is nearest (lowest index on a tie). */
function nearestGround(sides: NetworkSides, tile: number): number {
  if (sides.isGround(tile)) return tile;
  const g = sides.grid;
  const c = g.center(tile);
  let best = -1;
  let bestD = Infinity;
  for (let d = 0; d < g.degree(tile); d++) {
    const n = g.neighbor(tile, d);
    if (n < 0 || !sides.isGround(n)) continue;
    const e = g.center(n).reduce((s, v, i) => s + (v - c[i]!) ** 2, 0);
    if (e < bestD - 1e-9 || (Math.abs(e - bestD) <= 1e-9 && n < best)) [best, bestD] = [n, e];
  }
  return best < 0 ? tile : best;
}
