/**
 * OpenMaps: the in-memory copies of a project's maps — loaded on first use, at most
 * OPEN_MAP_LIMIT kept, never served across projects — and the summaries the renderer sees.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TerrainMap } from '../../core/map/terrain-map.js';
import type { ServiceContext } from './context.js';
import { createContext } from './context.js';
import { OPEN_MAP_LIMIT } from './open-maps.js';

let dir: string;
let ctx: ServiceContext;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandtable-open-maps-'));
  ctx = createContext({ mode: 'browser', version: '0', userDataDir: join(dir, 'user'), defaultProjectDir: join(dir, 'projects') });
});

afterEach(() => {
  ctx.session.close();
  ctx.closeLibrary();
  rmSync(dir, { recursive: true, force: true });
});

const small = (name: string) => TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 }, alform: false, palette: ['clear'], meta: { name } });

describe('OpenMaps', () => {
  it('stores a map (starting a project), keeps it open and answers its payload', () => {
    const payload = ctx.maps.store(small('A'), 'A');
    expect(payload.summary).toMatchObject({ name: 'A', kind: 'square', size: '3x3', alform: false, tileCount: 9 });
    expect(payload.summary.derived).toBeUndefined();
    expect(ctx.maps.size).toBe(1);
    expect(ctx.maps.get(payload.summary.id)).toBe(ctx.maps.get(payload.summary.id));
    expect(ctx.maps.projectInfo()).toMatchObject({ path: null, dirty: true, maps: [{ id: payload.summary.id, name: 'A' }] });
  });

  it('keeps at most OPEN_MAP_LIMIT maps open, the least recently used dropped first', () => {
    const ids = Array.from({ length: OPEN_MAP_LIMIT + 2 }, (_, i) => ctx.maps.store(small(`m${i}`), `m${i}`).summary.id);
    expect(ctx.maps.size).toBe(OPEN_MAP_LIMIT);
    // The first map was dropped: read again from the store, it stays open while it is used.
    const first = ctx.maps.get(ids[0]!);
    expect(ctx.maps.size).toBe(OPEN_MAP_LIMIT);
    expect(ctx.maps.get(ids[0]!)).toBe(first);
    ctx.maps.drop(ids[0]!);
    expect(ctx.maps.get(ids[0]!)).not.toBe(first);
  });

  it('never serves a copy from another project, and needs a project', () => {
    const id = ctx.maps.store(small('A'), 'A').summary.id;
    const copy = ctx.maps.get(id);
    ctx.session.newProject();
    expect(() => ctx.maps.get(id)).toThrow(`no map with id "${id}" in this project`);
    expect(ctx.maps.size).toBe(0);
    ctx.session.close();
    expect(() => ctx.maps.get(id)).toThrow(/no project is open/);
    expect(copy.map.meta.name).toBe('A');
  });
});
