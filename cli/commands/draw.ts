/**
 * Drawing a linear feature from the shell, by the same rule as the app's linear tool:
 *   sandtable draw <map.json> --terrain T --through C;C;… [--coords SYSTEM] [-o out.json]
 * The stroke runs through the centres of the given tiles (any tiles: area tiles are fine as
 * waypoints) and becomes one connected chain of linear tiles (core/alform/linear-stroke.ts);
 * crossings become the catalogue's composites (core/map/draw-linear.ts). AL-FORM maps.
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

export const drawHelp = 'draw <map.json> --terrain T --through C;C;… [-o out.json]   draw a river, road… through tiles as one connected chain';

export function drawCommand(argv: string[], io: Io): number {
  const { values, positionals } = parse('draw', argv, {
    terrain: { type: 'string' },
    through: { type: 'string', multiple: true },
    ...MAP_FILE_OPTIONS,
  });
  const file = mapFileArg('draw', positionals, 'draw <map.json> --terrain T --through C;C');
  const id = requireString('draw', values.terrain, 'terrain', 'a linear terrain id');
  const throughs = requireStrings('draw', values.through, 'through', 'the tiles the stroke passes, in order');
  const map = mapFromJsonText(io.readText(file), file);
  if (!map.spec.alform) throw new UsageError('draw: needs an AL-FORM map; on classic maps put linear terrain on edges with paint --edge');
  const catalogue = loadCatalogue(values.catalogue as string | undefined);
  const codec = mapCodec(map, values.coords);
  const arity = coordArity(map, values.coords);
  const tiles = throughs.flatMap((a) => splitCoords(a, arity, 'draw --through')).map((c) => codec.decode(c, `draw --through ${c}`));
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
