/**
 * `sandtable network <map.json> [--kind T] [--coords SYSTEM] [--catalogue FILE] [--json]`:
 * what a map's through-tile networks are made of — per network terrain its connected
 * components, dead ends and crossings (junctions, level crossings with other networks,
 * bridges and fords over rivers by the catalogue) — core/map network-report.ts. Older map
 * files read with their linear-tile roads converted, as the app reads them.
 */
import type { Io } from '../io.js';
import { UsageError } from '../io.js';
import { parse } from '../args.js';
import { loadCatalogue } from '../catalogue.js';
import { mapCodec, mapFileArg } from '../map-file.js';
import { mapFromJsonText } from '../../core/map/map-json.js';
import { formatNetworkReport, networkReport } from '../../core/map/network-report.js';
import { runsThrough } from '../../core/terrain/network.js';
import { quoted } from '../../core/util/bounded.js';

export const networkHelp = 'network <map.json> [--kind T] [--json]   list a map\'s roads and railroads: components, dead ends, crossings';

export function networkCommand(argv: string[], io: Io): number {
  const { values, positionals } = parse('network', argv, {
    kind: { type: 'string' },
    coords: { type: 'string' },
    catalogue: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  const file = mapFileArg('network', positionals, 'network <map.json> --kind road');
  const catalogue = loadCatalogue(values.catalogue as string | undefined);
  const kind = typeof values.kind === 'string' ? values.kind : undefined;
  if (kind !== undefined && !runsThrough(catalogue, kind)) throw new UsageError(`network: --kind ${quoted(kind)} is not a terrain the catalogue runs through tiles (a network: ${catalogue.terrains.filter((t) => runsThrough(catalogue, t.id)).map((t) => t.id).join(', ') || 'none'})`);
  const map = mapFromJsonText(io.readText(file), file, { catalogue });
  const codec = mapCodec(map, values.coords);
  const report = networkReport(map, catalogue, kind);
  if (values.json) {
    const at = (t: number) => codec.encode(t);
    const json = report.kinds.map((k) => ({
      ...k,
      components: k.components.map((c) => ({ tiles: c.tiles.map(at) })),
      deadEnds: k.deadEnds.map((d) => ({ ...d, tile: at(d.tile) })),
      crossings: k.crossings.map((c) => ({ ...c, tile: at(c.tile) })),
    }));
    io.out(`${JSON.stringify({ map: file, kinds: json })}\n`);
  } else {
    const name = (t: number) => {
      const c = codec.encode(t);
      return typeof c === 'string' ? c : c.join(',');
    };
    io.out(`${formatNetworkReport(report, name).join('\n')}\n`);
  }
  return 0;
}
