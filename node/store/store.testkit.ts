/**
 * Fixtures for the store tests, the crash and concurrency children and the benchmark:
 * temporary files, a fixed clock, deterministic sample records. Test-only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom, randomInt } from '../../core/util/random.js';
import type { TrackTile } from '../../core/track/types.js';
import type { RasterTileInput } from './raster-store.js';
import type { RasterShape } from './orientation.js';
import { edgeCount } from './orientation.js';
import type { Library, StoreOptions } from './library.js';
import { openLibrary } from './library.js';
import type { Project, ProjectOptions } from './project.js';
import { openProject } from './project.js';

export const FIXED_NOW = () => '2024-01-01T00:00:00.000Z';

/** A value as an untrusted caller (IPC, a file) could send it, whatever the declared type. */
export function untrusted<T>(value: unknown): T {
  return value as T;
}

/** A fresh directory under the OS temp dir; `cleanup()` removes every one made so far. */
const made: string[] = [];
export function tempDir(prefix = 'sandtable-store-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function tempFile(name = 'library.sandtable'): string {
  return join(tempDir(), name);
}

export function cleanupTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * Libraries and projects on temporary files with the fixed clock, closed together (and their
 * folders removed) by `closeAll`. In a test file: `const stores = openStores();
 * afterEach(stores.closeAll);`, then `stores.library()` or `stores.project()` in each test.
 */
export interface OpenStores {
  library(path?: string, options?: StoreOptions): Library;
  project(path?: string, options?: ProjectOptions): Project;
  closeAll(): void;
}

export function openStores(): OpenStores {
  const open: { close(): void }[] = [];
  const track = <T extends { close(): void }>(store: T): T => {
    open.push(store);
    return store;
  };
  return {
    library: (path = tempFile(), options = {}) => track(openLibrary(path, { now: FIXED_NOW, ...options })),
    project: (path = tempFile('project.sandtable'), options = {}) => track(openProject(path, { now: FIXED_NOW, ...options })),
    closeAll: () => {
      for (const store of open.splice(0)) store.close();
      cleanupTempDirs();
    },
  };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Bytes that start like a PNG (what the store checks), with `size` bytes of seeded payload. */
export function fakePng(seed: number, size = 64): Buffer {
  const random = seededRandom(seed);
  const out = Buffer.alloc(PNG_SIGNATURE.length + size);
  out.set(PNG_SIGNATURE);
  for (let k = PNG_SIGNATURE.length; k < out.length; k++) out[k] = randomInt(random, 256);
  return out;
}

export interface RasterSampleOptions {
  shape?: RasterShape;
  /** Number of distinct connector labels (default 8). */
  labels?: number;
  idPrefix?: string;
  imageBytes?: number;
}

/** `count` raster tiles with seeded random edge labels `L0`…`Ln`. */
export function sampleRasterTiles(count: number, seed: number, options: RasterSampleOptions = {}): RasterTileInput[] {
  const random = seededRandom(seed);
  const shape = options.shape ?? 'square';
  const labels = options.labels ?? 8;
  const prefix = options.idPrefix ?? 'tile';
  const out: RasterTileInput[] = [];
  for (let k = 0; k < count; k++) {
    const edges = Array.from({ length: edgeCount(shape) }, () => `L${randomInt(random, labels)}`);
    out.push({
      id: `${prefix}-${k}`,
      name: `${prefix} ${k}`,
      tags: k % 3 === 0 ? ['dungeon'] : ['cave', 'rough'],
      shape,
      width: 64,
      height: 64,
      image: { mime: 'image/png', data: fakePng(seed * 1_000_003 + k, options.imageBytes ?? 32) },
      edges,
    });
  }
  return out;
}

/** A yellow/green 18xx-style tile with a city, exercising every optional field. */
export function sampleTrackTile(id: string, colour = 'green'): TrackTile {
  return {
    id,
    name: `#${id}`,
    colour,
    junctions: [
      { id: 'city1', type: 'city', revenue: 30, slots: 2, position: { toward: null, level: null }, phaseRevenue: [{ phase: 'green', value: 30 }, { phase: 'brown', value: 40 }], groups: ['A'] },
      { id: 'town1', type: 'town', revenue: 10, slots: 0, position: { toward: 2.5, level: 2 } },
      { id: '_2', type: 'junction', revenue: 0, slots: 0, position: null },
    ],
    connections: [
      { a: { kind: 'side', side: 0 }, b: { kind: 'junction', id: 'city1' }, gauge: 'normal' },
      { a: { kind: 'junction', id: 'city1' }, b: { kind: 'side', side: 3 }, gauge: 'narrow', terminal: false, lanes: 2 },
      { a: { kind: 'side', side: 1 }, b: { kind: 'junction', id: 'town1' }, gauge: 'dual', terminal: true },
    ],
    label: 'OO',
    costs: [{ cost: 80, terrain: ['mountain'] }],
    borders: [{ side: 4, type: 'impassable' }, { side: 5, type: 'water', cost: 40 }],
    source: 'test',
  };
}

/** A plain yellow track tile: one curve. */
export function plainTrackTile(id: string): TrackTile {
  return { id, name: id, colour: 'yellow', junctions: [], connections: [{ a: { kind: 'side', side: 0 }, b: { kind: 'side', side: 2 }, gauge: 'normal' }] };
}

/**
 * Repaints the library's default forest substitute (square, 1:10) as marsh: a change of a
 * substitute that maps derived from the library must notice.
 */
export function repaintForestSubstituteAsMarsh(library: Library): void {
  const slot = library.substitutes.get('default', 'forest', 'square', 10)!;
  const sub = library.maps.load(slot);
  const forest = sub.terrainIndex('forest');
  const marsh = sub.terrainIndex('marsh');
  sub.layers.terrain.forEach((v, i) => {
    if (v === forest) sub.layers.terrain[i] = marsh;
  });
  library.maps.put(sub, { id: slot });
}
