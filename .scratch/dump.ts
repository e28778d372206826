import { readFileSync } from 'node:fs';
import { mapFromJsonText } from '../core/map/map-json.js';
import { readTileSet } from '../cli/tile-set.js';
const map = mapFromJsonText(readFileSync('.scratch/starter-map.json', 'utf8'), 'map');
const set = readTileSet('x', 'resources/tiles/starter/hex', undefined);
const byId = new Map(set.tiles.map((t) => [t.id, t]));
const count = new Map<string, number>();
const L = map.instances!;
for (let c = 0; c < L.cellCount; c++) { const r = L.tileRef[c]!; if (r >= 0) count.set(L.tileIds[r]!, (count.get(L.tileIds[r]!) ?? 0) + 1); }
console.log([...count].sort((a, b) => b[1] - a[1]).slice(0, 8));
const top = [...count].sort((a, b) => b[1] - a[1])[0]![0];
console.log(JSON.stringify(byId.get(top)!.elements.map((e) => ({ kind: e.kind, terrain: e.terrain, side: (e as any).side, closed: (e as any).curve?.closed, n: (e as any).curve?.points.length }))));
console.log(map.palette);
