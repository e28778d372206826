/**
 * `npm run bench`: runs every benchmark suite (or those named on the command line, e.g.
 * `npm run bench -- grid`) and writes bench/results/<suite>.json. Not part of `npm test`.
 */
export {};

const SUITES: Record<string, () => Promise<{ default: () => Promise<string> }>> = {
  grid: () => import('./grid.bench.js'),
  path: () => import('./path.bench.js'),
  fov: async () => ({ default: (await import('./path.bench.js')).runFov }),
  library: () => import('./library.bench.js'),
  render: () => import('./render.bench.js'),
  derive: () => import('./derive.bench.js'),
  formats: () => import('./formats.bench.js'),
  vector: () => import('./vector.bench.js'),
  export: () => import('./export.bench.js'),
  raster: () => import('./raster.bench.js'),
  assemble: () => import('./assemble.bench.js'),
  regions: () => import('./regions.bench.js'),
  stroke: () => import('./stroke.bench.js'),
  rails: () => import('./rails.bench.js'),
  network: () => import('./network.bench.js'),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const name of wanted) if (!SUITES[name]) throw new Error(`unknown bench suite "${name}"; expected one of ${Object.keys(SUITES).join(', ')}`);
for (const [name, load] of Object.entries(SUITES)) {
  if (wanted.length && !wanted.includes(name)) continue;
  process.stdout.write(`bench ${name} …\n`);
  const suite = await load();
  const file = await suite.default();
  process.stdout.write(`  → ${file}\n`);
}
