/**
 * Drawing a linear feature from the shell, by the same rule as the app's linear tool:
 *   sandtable draw <map.json> --terrain T --through C;C;… [--coords SYSTEM] [-o out.json]
 * The stroke runs through the centres of the given tiles (any tiles: area tiles are fine as
 * waypoints) and becomes one connected chain of linear tiles (core/alform/linear-stroke.ts);
 * crossings become the catalogue's composites (core/map/draw-linear.ts). AL-FORM maps.
 */
import type { Io } from '../io.js';
import { UsageError } from '../io.js';
import { parse } from '../args.js';
import { loadCatalogue } from '../catalogue.js';
import { coordCodec } from '../coord-codec.js';
import { mapFromJsonText, mapToJsonText } from '../../core/map/map-json.js';
import { applyPlan, PaintError } from '../../core/map/paint.js';
import { planLinearStroke } from '../../core/map/draw-linear.js';
import { strokeThrough } from '../../core/alform/linear-stroke.js';
import { tileClasses } from '../../core/alform/tile-classes.js';
import type { ModelPoint } from '../../core/grid/types.js';
import { splitCoords } from './edit.js';

export const drawHelp = 'draw <map.json> --terrain T --through C;C;… [-o out.json]   draw a river, road… through tiles as one connected chain';

export function drawCommand(argv: string[], io: Io): number {
  const { values, positionals } = parse('draw', argv, {
    terrain: { type: 'string' },
    through: { type: 'string', multiple: true },
    coords: { type: 'string' },
    output: { type: 'string', short: 'o' },
    catalogue: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  if (positionals.length !== 1) throw new UsageError('draw: expected exactly one map file (draw <map.json> --terrain T --through C;C)');
  const file = positionals[0]!;
  const id = values.terrain;
  if (typeof id !== 'string' || !id) throw new UsageError('draw: missing --terrain (a linear terrain id)');
  const throughs = values.through as string[] | undefined;
  if (!throughs?.length) throw new UsageError('draw: missing --through (the tiles the stroke passes, in order)');
  const map = mapFromJsonText(io.readText(file), file);
  if (!map.spec.alform) throw new UsageError('draw: needs an AL-FORM map; on classic maps put linear terrain on edges with paint --edge');
  const catalogue = loadCatalogue(values.catalogue as string | undefined);
  const codec = coordCodec(map.grid, typeof values.coords === 'string' ? values.coords : map.grid.coordSystem);
  const arity = map.grid.coordSystem === 'cube' && values.coords === undefined ? 3 : 2;
  const tiles = throughs.flatMap((a) => splitCoords(a, arity, 'draw --through')).map((c) => codec.decode(c, `draw --through ${c}`));
  const chain = strokeThrough(map.grid, tileClasses(map.grid), tiles.map((t) => map.grid.center(t) as ModelPoint));
  try {
    applyPlan(map, planLinearStroke(map, catalogue, chain, id));
  } catch (e) {
    if (e instanceof PaintError) throw new UsageError(`draw: ${e.message}`);
    throw e;
  }
  const output = typeof values.output === 'string' && values.output ? values.output : file;
  io.writeText(output, mapToJsonText(map));
  const drawn = chain.map((t) => ({ at: codec.encode(t), terrain: map.terrainAt(t) }));
  io.out(values.json ? `${JSON.stringify({ output, terrain: id, chain: drawn })}\n` : `drew ${id} along ${chain.length} linear tile(s) → ${output}\n`);
  return 0;
}
