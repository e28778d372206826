/**
 * A copied region carried between a classic map and an AL-FORM map of the same lattice by
 * the AL-FORM transfer rules (core/alform/transfer.ts, SPEC §3): tile (x, y) ↔ area tile
 * (2x, 2y); terrain on the edge of tile (x, y) towards direction d ↔ the linear tile between
 * the two doubled tiles, (2x, 2y) + step(d). On flat maps the lattice coordinates are affine,
 * so this is offset arithmetic on the region itself; a map converted with "Convert to
 * AL-FORM" therefore takes a region copied from its classic original exactly where the
 * conversion put that ground. The globe's walk has no such form: there the mismatch stands.
 *
 * Nothing is lost without a word: an AL-FORM region whose linear terrain lies on tiles a
 * classic map keeps elsewhere (square VERTEX tiles) is refused, naming the count.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from './terrain-map.js';
import type { Region } from './region.js';
import { latticeOf, regionMismatch } from './region.js';
import { PaintError } from './paint.js';
import { SQUARE_DIRECTIONS } from '../grid/square/square-grid.js';
import { AXIAL120_DIRECTIONS } from '../grid/hex/axial.js';

/** The lattice step of each direction in the region's translation system, and the directions edges can lie in. */
function steps(region: Region): { step: readonly (readonly [number, number])[]; edgeDirs: readonly number[] } {
  if (region.translation === 'cartesian') return { step: SQUARE_DIRECTIONS, edgeDirs: [0, 2, 4, 6] };
  return { step: AXIAL120_DIRECTIONS, edgeDirs: [0, 1, 2, 3, 4, 5] };
}

/**
 * `region` as `map` takes it: unchanged when the forms match, carried across by the transfer
 * rules when only classic ↔ AL-FORM differs (flat lattices), otherwise one line saying why not.
 */
export function regionForMap(region: Region, map: TerrainMap): Region {
  const mismatch = regionMismatch(region, map);
  if (!mismatch) return region;
  if (latticeOf(region.kind) !== latticeOf(map.spec.kind) || region.translation === 'walk') throw new PaintError(mismatch);
  return map.spec.alform ? classicToAlformRegion(region) : alformToClassicRegion(region);
}

/** Doubled cells, and a linear cell between two doubled cells for each edge the region carries. */
export function classicToAlformRegion(region: Region): Region {
  if (region.alform) throw new PaintError('the region is AL-FORM already');
  const { step } = steps(region);
  const s = region.steps;
  const out: number[] = [];
  const values: number[] = [];
  for (let k = 0; k < region.values.length; k++) {
    out.push(2 * s[2 * k]!, 2 * s[2 * k + 1]!);
    values.push(region.values[k]!);
  }
  const e = region.edges;
  for (let i = 0; i < e.length; i += 3) {
    const k = e[i]!;
    const [dx, dy] = step[e[i + 1]!]!;
    out.push(2 * s[2 * k]! + dx, 2 * s[2 * k + 1]! + dy);
    values.push(e[i + 2]!);
  }
  // Area cells keep their numbers (they come first), so the region's networks carry over as they are.
  return { ...region, alform: true, steps: Int32Array.from(out), values: Int16Array.from(values), edges: new Int32Array(0) };
}

/** Area cells halved; each linear cell between two area cells of the region becomes that edge; other linear terrain is refused. */
export function alformToClassicRegion(region: Region): Region {
  if (!region.alform) throw new PaintError('the region is classic already');
  const { step, edgeDirs } = steps(region);
  const s = region.steps;
  const key = (x: number, y: number) => `${x},${y}`;
  const area = new Map<string, number>(); // offset → classic cell
  const out: number[] = [];
  const values: number[] = [];
  const even = (v: number) => (v & 1) === 0;
  const cellNow = new Int32Array(region.values.length).fill(-1); // AL-FORM cell → classic cell (area cells)
  for (let k = 0; k < region.values.length; k++) {
    const x = s[2 * k]!;
    const y = s[2 * k + 1]!;
    if (!even(x) || !even(y)) continue;
    cellNow[k] = values.length;
    area.set(key(x, y), values.length);
    out.push(x / 2, y / 2);
    values.push(region.values[k]!);
  }
  const edges: number[] = [];
  let stranded = 0;
  for (let k = 0; k < region.values.length; k++) {
    const x = s[2 * k]!;
    const y = s[2 * k + 1]!;
    if (even(x) && even(y)) continue;
    let placed = false;
    for (const d of edgeDirs) {
      const [dx, dy] = step[d]!;
      const from = area.get(key(x - dx, y - dy));
      if (from === undefined || !area.has(key(x + dx, y + dy))) continue;
      edges.push(from, d, region.values[k]!);
      placed = true;
      break;
    }
    if (!placed && region.values[k]! > 0) stranded++;
  }
  if (stranded) {
    throw new PaintError(
      `${stranded} linear tile${stranded === 1 ? '' : 's'} of the copied region carr${stranded === 1 ? 'ies' : 'y'} terrain a classic map cannot hold there (a vertex, or an edge at the region's rim); paste it into an AL-FORM map`,
    );
  }
  // Networks lie on area cells only; their cells (and the cells across their sides) take the classic numbering.
  const networks = Int32Array.from(region.networks ?? [], (v, i) => (i % 4 === 1 || v < 0 ? v : cellNow[v]!));
  return { ...region, alform: false, steps: Int32Array.from(out), values: Int16Array.from(values), edges: Int32Array.from(edges), networks };
}
