/**
 * The linear tool's chain rule (core/alform/linear-stroke.ts, issue 14) at the sizes a
 * designer draws on (bench/results/stroke.json): a freehand stroke across a 1000×1000-hex
 * AL-FORM map (≈ 4 M tiles) sampled as a hand drags (every 1/8 tile spacing), the same
 * stroke as a fast flick (a sample every 10 spacings), and a stroke on a side-255 globe. The
 * per-sample time must stay far below a frame (16 ms) whatever the map size: the search
 * settles tiles near the pointer only. Figures: ms per sample, tiles settled per sample.
 */
import { createGrid } from '../core/grid/create.js';
import type { Grid, ModelPoint } from '../core/grid/types.js';
import { tileClasses } from '../core/alform/tile-classes.js';
import { LinearStroke } from '../core/alform/linear-stroke.js';
import { timeOnce, writeResult } from './harness.js';

function strokeFigures(grid: Grid, from: number[], to: number[], step: number) {
  const cls = tileClasses(grid);
  const len = Math.hypot(...from.map((v, i) => to[i]! - v));
  const n = Math.ceil(len / step);
  const samples: { tile: number; point: ModelPoint }[] = [];
  for (let k = 0; k <= n; k++) {
    let p = from.map((v, i) => v + ((to[i]! - v) * k) / n + (i === 1 ? 0.4 * grid.spacing() * Math.sin(k / 7) : 0));
    if (grid.modelDimensions === 3) {
      const r = Math.hypot(...p);
      p = p.map((v) => v / r);
    }
    samples.push({ tile: grid.pick(p as ModelPoint), point: p as ModelPoint });
  }
  let settled = 0;
  let chain = 0;
  const { ms } = timeOnce(() => {
    const stroke = new LinearStroke(grid, cls);
    for (const s of samples) stroke.add(s);
    settled = stroke.settled;
    chain = stroke.tiles.length;
  });
  return { samples: samples.length, chainTiles: chain, totalMs: ms, msPerSample: ms / samples.length, settledPerSample: settled / samples.length };
}

export default async function run(): Promise<string> {
  const hex = createGrid({ size: { kind: 'hex-rectangle', width: 1999, height: 1999 }, alform: true });
  tileClasses(hex); // classified once, as the app does when a map opens
  const a = hex.center(hex.index([100, 100]));
  const b = hex.center(hex.index([500, 400]));
  const globe = createGrid({ size: { kind: 'icosahedron', side: 255 }, alform: true });
  tileClasses(globe);
  const result = {
    hexTiles: hex.tileCount,
    hexHand: strokeFigures(hex, a, b, 1 / 8),
    hexFlick: strokeFigures(hex, a, b, 10),
    globeTiles: globe.tileCount,
    globeHand: strokeFigures(globe, globe.center(0), globe.center(Math.floor(globe.tileCount / 7)), globe.spacing() / 8),
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return writeResult('stroke', result);
}
