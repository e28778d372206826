/**
 * The shared setup of the services' tests: each test gets a fresh temporary folder (user
 * data, projects), an AppServices on it, and the events it emitted; afterwards the
 * services shut down and the folder goes. Also small helpers the tests share.
 *
 * Test-only: used by node/services/*.test.ts (and may be by others that need real services).
 */
import { afterEach, beforeEach } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppEvent } from '../../contract/contract.js';
import { AppServices } from './app-services.js';
import type { AppServicesOptions } from './app-services.js';
import { classifyTile, TileClass } from '../../core/alform/classify.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';

export interface ServicesKit {
  /** The test's temporary folder: `user/` is userData, `projects/` the default project folder. */
  readonly dir: string;
  /** The services under test (replaced by `make`). */
  readonly services: AppServices;
  /** Every event the services made by this kit emitted during the test, in order. */
  readonly events: AppEvent[];
  /** New services on the same folders (a new app session), which become `services`; the old ones are not shut down. */
  make(options?: Partial<AppServicesOptions>): AppServices;
  /** `services.call`, loosely typed for tests. */
  call<T = any>(name: string, args?: unknown): Promise<T>;
}

/** Registers the per-test setup and teardown; the kit's fields are the current test's. */
export function useServicesKit(prefix = 'sandtable-services-'): ServicesKit {
  let dir = '';
  let services: AppServices | null = null;
  let events: AppEvent[] = [];
  const kit: ServicesKit = {
    get dir() {
      return dir;
    },
    get services() {
      if (!services) throw new Error('the services kit is used outside a test');
      return services;
    },
    get events() {
      return events;
    },
    make(options = {}) {
      const s = new AppServices({ mode: 'browser', version: '0.0.0-test', userDataDir: join(dir, 'user'), defaultProjectDir: join(dir, 'projects'), ...options });
      s.onEvent((e) => events.push(e));
      services = s;
      return s;
    },
    call: (name, args = {}) => kit.services.call(name, args) as Promise<any>,
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    events = [];
    kit.make();
  });
  afterEach(async () => {
    await services?.shutdown();
    services = null;
    rmSync(dir, { recursive: true, force: true });
  });
  return kit;
}

/** The first tile of the map whose class is (or is not) AREA, from a starting index. */
export function tileOfClass(map: TerrainMap, area: boolean, from = 0): number {
  for (let i = from; i < map.tileCount; i++) if ((classifyTile(map.grid, i) === TileClass.AREA) === area) return i;
  throw new Error('no such tile');
}
