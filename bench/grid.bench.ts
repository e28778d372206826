/**
 * Grid operations against the peers named in issue 2, in one run:
 * - hex neighbours, distance, range: our hex-rectangle vs honeycomb-grid (target ≥ 10×);
 * - globe neighbours: our icosahedron vs h3-js gridDisk(k=1) (target ≥ 10×); distance vs
 *   h3-js gridDistance (measured, no target: ours is exact across pentagons, h3's is not).
 * Both sides answer the same questions on pre-drawn random tiles; results → bench/results/grid.json.
 */
import { defineHex, Direction, Grid as HoneycombGrid, Orientation, rectangle, spiral } from 'honeycomb-grid';
import { gridDisk, gridDistance, latLngToCell } from 'h3-js';
import { HexRectangleGrid } from '../core/grid/hex/hex-rectangle.js';
import { IcosahedronGrid } from '../core/grid/icosahedron/icosahedron-grid.js';
import { SquareGrid } from '../core/grid/square/square-grid.js';
import { measure, rng, timeOnce, writeResult, type Measurement } from './harness.js';

const W = 200;
const H = 200;
const SAMPLES = 4096;
/** Operations per measured call, for ours and the peers alike, so call overhead does not dominate. */
const BATCH = 256;

function ratio(ours: Measurement, peer: Measurement): number {
  return Math.round((ours.opsPerSecond / peer.opsPerSecond) * 10) / 10;
}

export default async function run(): Promise<string> {
  const random = rng(2026);

  // ── hex: ours vs honeycomb-grid, same 200×200 flat-top rectangle ──
  const ours = new HexRectangleGrid(W, H);
  const Tile = defineHex({ dimensions: 1, orientation: Orientation.FLAT });
  const honey = new HoneycombGrid(Tile, rectangle({ width: W, height: H }));
  const honeyHexes = honey.toArray();
  const tiles = Int32Array.from({ length: SAMPLES }, () => Math.floor(random() * ours.tileCount));
  const pairs = Int32Array.from({ length: SAMPLES * 2 }, () => Math.floor(random() * ours.tileCount));
  const honeyPick = (i: number) => honeyHexes[i % honeyHexes.length]!;
  const flatDirections = [Direction.N, Direction.NE, Direction.SE, Direction.S, Direction.SW, Direction.NW];
  const nb = new Int32Array(8);

  // Each measured call runs BATCH operations in a plain loop (ours and the peers alike).
  let k = 0;
  const next = () => (k = (k + 1) & (SAMPLES - 1));
  const oursNeighbors = measure(() => {
    let acc = 0;
    for (let b = 0; b < BATCH; b++) acc += ours.neighbors(tiles[next()]!, nb);
    return acc;
  }, BATCH);
  const honeyNeighbors = measure(() => {
    let acc = 0;
    for (let b = 0; b < BATCH; b++) {
      const h = honeyPick(tiles[next()]!);
      for (const d of flatDirections) if (honey.neighborOf(h, d, { allowOutside: false })) acc++;
    }
    return acc;
  }, BATCH);
  const oursDistance = measure(() => {
    let acc = 0;
    for (let b = 0; b < BATCH; b++) {
      const i = next();
      acc += ours.distance(pairs[2 * i]!, pairs[2 * i + 1]!);
    }
    return acc;
  }, BATCH);
  const honeyDistance = measure(() => {
    let acc = 0;
    for (let b = 0; b < BATCH; b++) {
      const i = next();
      acc += honey.distance(honeyPick(pairs[2 * i]!), honeyPick(pairs[2 * i + 1]!));
    }
    return acc;
  }, BATCH);
  const RANGE = 5;
  const oursRange = measure(() => ours.range(tiles[next()]!, RANGE).length);
  // honeycomb's range is the spiral traverser filtered to hexes in the grid.
  const honeyRange = measure(() => honey.traverse(spiral({ start: honeyPick(tiles[next()]!), radius: RANGE })).size);

  // ── square (no peer; for the record) ──
  const square = new SquareGrid(W, H);
  const squareNeighbors = measure(() => {
    let acc = 0;
    for (let b = 0; b < BATCH; b++) acc += square.neighbors(tiles[next()]! % square.tileCount, nb);
    return acc;
  }, BATCH);

  // ── globe: ours vs h3-js ──
  const globe = new IcosahedronGrid(99); // 100 002 tiles
  const globeTiles = Int32Array.from({ length: SAMPLES }, () => Math.floor(random() * globe.tileCount));
  const h3Cells = Array.from({ length: SAMPLES }, () => latLngToCell(Math.asin(2 * random() - 1) * (180 / Math.PI), random() * 360 - 180, 4));
  const oursGlobeNeighbors = measure(() => {
    let acc = 0;
    for (let b = 0; b < BATCH; b++) acc += globe.neighbors(globeTiles[next()]!, nb);
    return acc;
  }, BATCH);
  const h3Neighbors = measure(() => {
    let acc = 0;
    for (let b = 0; b < BATCH; b++) acc += gridDisk(h3Cells[next()]!, 1).length;
    return acc;
  }, BATCH);
  // Distances between nearby tiles (h3 gridDistance fails for far cells and across pentagons).
  const nearPairs = Int32Array.from({ length: SAMPLES * 2 }, (_, i) => {
    if (i % 2 === 0) return globeTiles[i / 2]!;
    const ring = globe.ring(globeTiles[(i - 1) / 2]!, 8);
    return ring[Math.floor(random() * ring.length)]!;
  });
  // h3's gridDistance throws for some pairs (near pentagons); keep the pairs it can answer.
  const h3NearPairs = h3Cells
    .map((c) => {
      const ring = gridDisk(c, 8);
      return [c, ring[ring.length - 1 - Math.floor(random() * 8)]!] as const;
    })
    .filter(([a, b]) => {
      try {
        gridDistance(a, b);
        return true;
      } catch {
        return false;
      }
    });
  while (h3NearPairs.length < SAMPLES) h3NearPairs.push(h3NearPairs[h3NearPairs.length % Math.max(1, h3NearPairs.length)]!);
  const oursGlobeDistance = measure(() => {
    const i = next();
    return globe.distance(nearPairs[2 * i]!, nearPairs[2 * i + 1]!);
  });
  const h3Distance = measure(() => {
    const [a, b] = h3NearPairs[next()]!;
    return gridDistance(a, b);
  });

  // Every tile's neighbours and each neighbour's way back, over a whole globe of L = 100
  // (the symmetry sweep of topology.test.ts; timed here, not asserted there).
  const sweepGlobe = new IcosahedronGrid(100);
  const nb2 = new Int32Array(6);
  const sweep = timeOnce(() => {
    let links = 0;
    for (let i = 0; i < sweepGlobe.tileCount; i++) {
      const deg = sweepGlobe.neighbors(i, nb);
      for (let d = 0; d < deg; d++) {
        const degJ = sweepGlobe.neighbors(nb[d]!, nb2);
        for (let e = 0; e < degJ; e++) if (nb2[e] === i) links++;
      }
    }
    return links;
  });

  const result = {
    description: 'Operations per second (one op = one neighbour set, one distance, one range query). Ratios are ours ÷ peer; targets: hex ≥ 10× honeycomb-grid, globe neighbours ≥ 10× h3-js gridDisk(k=1).',
    hex: {
      map: `hex-rectangle ${W}x${H} (flat-top) vs honeycomb-grid rectangle ${W}x${H}`,
      neighbors: { sandtable: oursNeighbors, honeycomb: honeyNeighbors, ratio: ratio(oursNeighbors, honeyNeighbors) },
      distance: { sandtable: oursDistance, honeycomb: honeyDistance, ratio: ratio(oursDistance, honeyDistance) },
      [`range${RANGE}`]: { sandtable: oursRange, honeycomb: honeyRange, ratio: ratio(oursRange, honeyRange) },
    },
    square: { map: `square ${W}x${H}`, neighbors: { sandtable: squareNeighbors } },
    globe: {
      map: `icosahedron L=99 (${globe.tileCount} tiles) vs h3-js resolution 4 (288 122 cells)`,
      neighbors: { sandtable: oursGlobeNeighbors, h3GridDiskK1: h3Neighbors, ratio: ratio(oursGlobeNeighbors, h3Neighbors) },
      distanceNear8: { sandtable: oursGlobeDistance, h3GridDistance: h3Distance, ratio: ratio(oursGlobeDistance, h3Distance) },
      symmetrySweep: { map: `icosahedron L=100 (${sweepGlobe.tileCount} tiles)`, links: sweep.result, ms: sweep.ms },
    },
    targets: {
      hexAtLeast10xHoneycomb: ratio(oursNeighbors, honeyNeighbors) >= 10 && ratio(oursDistance, honeyDistance) >= 10 && ratio(oursRange, honeyRange) >= 10,
      globeNeighborsAtLeast10xH3: ratio(oursGlobeNeighbors, h3Neighbors) >= 10,
    },
  };
  return writeResult('grid', result);
}
