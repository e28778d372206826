import { readFileSync, writeFileSync } from 'node:fs';
import { encode } from 'fast-png';
import { mapFromJsonText } from '../core/map/map-json.js';
import { parseCatalogue } from '../core/terrain/parse.js';
import { buildMapGeometry } from '../core/render/map-geometry.js';
import { buildVectorMap } from '../core/render/vector-map.js';
import { symbolAtlas } from '../core/render/symbol-atlas.js';
import { UV_RANGE } from '../core/render/area-symbols.js';
import { Raster } from '../core/export/raster.js';
import { readTileSet } from '../cli/tile-set.js';

const catalogue = parseCatalogue(JSON.parse(readFileSync('resources/terrain/default.json', 'utf8')), 'default');
const map = mapFromJsonText(readFileSync(process.argv[2]!, 'utf8'), 'map');
const set = readTileSet('x', process.argv[3]!, undefined);
const byId = new Map(set.tiles.map((t) => [t.id, t]));
const geo = buildMapGeometry(map, catalogue);
const t0 = performance.now();
const v = buildVectorMap(geo, (id) => byId.get(id) ?? null)!;
console.log('build', (performance.now() - t0).toFixed(1), 'ms', v.stats, v.missing);
const a = geo.area;
let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
for (let i = 0; i < a.pieceCount * a.verticesPerPiece; i++) { const x = a.positions[3 * i]!, y = a.positions[3 * i + 1]!; x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); }
const W = 1400;
const s = W / (x1 - x0);
const H = Math.ceil((y1 - y0) * s);
const R = new Raster(W, H, [240, 238, 230, 255]);
const P = (pos: Float32Array, i: number) => [(pos[3 * i]! - x0) * s, (y1 - pos[3 * i + 1]!) * s];
for (let p = 0; p < a.pieceCount; p++) {
  const ring: number[] = [];
  for (let j = 0; j < a.verticesPerPiece; j++) ring.push(...P(a.positions, p * a.verticesPerPiece + j));
  const c = a.colors.subarray(4 * p * a.verticesPerPiece, 4 * p * a.verticesPerPiece + 4);
  R.fillPolygon([ring], [c[0]!, c[1]!, c[2]!, 255], 'tile');
}
for (const b of [v.fills, v.strokes]) {
  for (let i = 0; i < b.indices.length; i += 3) {
    const ring = [0, 1, 2].flatMap((k) => P(b.positions, b.indices[i + k]!));
    const c = b.colors.subarray(4 * b.indices[i]!, 4 * b.indices[i]! + 4);
    R.fillPolygon([ring], [c[0]!, c[1]!, c[2]!, c[3]!], 'smooth');
  }
}
// points: sample the atlas
const atlas = symbolAtlas();
const pt = v.points;
for (let q = 0; q < pt.indices.length / 6; q++) {
  const v0 = 4 * q;
  const [ax, ay] = P(pt.positions, v0); const [bx, by] = P(pt.positions, v0 + 2);
  const slot = pt.symbol[4 * v0 + 3]! - 1; const col = [pt.symbol[4 * v0]!, pt.symbol[4 * v0 + 1]!, pt.symbol[4 * v0 + 2]!];
  for (let py = Math.floor(ay); py < by; py++) for (let px = Math.floor(ax); px < bx; px++) {
    const u = (px - ax) / (bx - ax), w = (py - ay) / (by - ay);
    const cx = (slot % atlas.cols) * atlas.cell + u * atlas.cell, cy = Math.floor(slot / atlas.cols) * atlas.cell + w * atlas.cell;
    const al = atlas.pixels[4 * (Math.floor(cy) * atlas.width + Math.floor(cx)) + 3]! / 255;
    if (al > 0.02) R.fillPolygon([[px, py, px + 1, py, px + 1, py + 1, px, py + 1]], [col[0]!, col[1]!, col[2]!, Math.round(al * 255)], 'tile');
  }
}
void UV_RANGE;
writeFileSync(process.argv[4]!, encode({ width: W, height: H, data: R.rgba, channels: 4 }));
