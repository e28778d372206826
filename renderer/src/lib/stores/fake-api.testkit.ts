/**
 * A fake `SandtableApi` for the store tests: built by the real builder (contract/api.ts)
 * over a fake transport, so calls fail as `ApiError`s exactly as in the app. Each test fakes
 * the operations it needs; every call is recorded, and `emit` pushes an `AppEvent` as the main
 * process would. Also small maps and payloads to load, and a workbench over the fake.
 *
 * Test-only (imported by *.test.ts beside the stores).
 */
import type { AppEvent, ArgsOf, MapPayload, MapSummary, OperationName, ProjectInfo, Results, SandtableApi } from '../../../../contract/contract.js';
import { createApi } from '../../../../contract/api.js';
import { TerrainMap } from '../../../../core/map/terrain-map.js';
import { mapToJson } from '../../../../core/map/map-json.js';
import catalogueJson from '../../../../resources/terrain/default.json' with { type: 'json' };
import { Workbench } from './workbench.js';
import { ThemeStore } from './theme.svelte.js';

export type FakeHandlers = { [N in OperationName]?: (args: ArgsOf<N>) => Results[N] | Promise<Results[N]> };

export interface Call {
  name: OperationName;
  args: unknown;
}

export interface FakeApi {
  api: SandtableApi;
  /** Operations faked so far; tests may add or replace handlers at any time. */
  handlers: FakeHandlers;
  calls: Call[];
  /** The names called, in order. */
  names(): OperationName[];
  /** Pushes an event as the main process does. */
  emit(event: AppEvent): void;
}

export function fakeApi(handlers: FakeHandlers = {}): FakeApi {
  const calls: Call[] = [];
  const listeners = new Set<(event: AppEvent) => void>();
  const api = createApi({
    invoke: async (name, args) => {
      calls.push({ name, args });
      const handler = handlers[name] as ((args: unknown) => unknown) | undefined;
      if (!handler) return { ok: false, error: `${name}: not faked in this test` };
      try {
        return { ok: true, value: await handler(args) };
      } catch (e) {
        return { ok: false, error: (e as Error).message };
      }
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  return {
    api,
    handlers,
    calls,
    names: () => calls.map((c) => c.name),
    emit: (event) => {
      for (const l of [...listeners]) l(event);
    },
  };
}

/** Lets pending promise callbacks (fake calls, fire-and-forget refreshes) run. */
export async function settle(): Promise<void> {
  for (let k = 0; k < 5; k++) await new Promise((resolve) => setTimeout(resolve, 0));
}

export const CATALOGUE_JSON: unknown = catalogueJson;

/** A classic 6×6 square map (every tile an area tile), all clear. */
export function squareMap(): TerrainMap {
  return TerrainMap.create({ size: { kind: 'square', width: 6, height: 6 }, alform: false, palette: ['clear'] });
}

/** An AL-FORM 11×9 hex map (the image of a 6×5 classic map), empty. */
export function alformHexMap(): TerrainMap {
  return TerrainMap.create({ size: { kind: 'hex-rectangle', width: 11, height: 9 }, alform: true, palette: ['clear'] });
}

export function summaryOf(map: TerrainMap, id: string, name = id, extra: Partial<MapSummary> = {}): MapSummary {
  return { id, name, kind: map.spec.kind, size: '6x6', alform: map.spec.alform, tileCount: map.tileCount, updatedAt: '', ...extra };
}

export function payloadOf(map: TerrainMap, id: string, name = id, extra: Partial<MapSummary> = {}, history: MapPayload['history'] = { canUndo: false, canRedo: false }): MapPayload {
  return { summary: summaryOf(map, id, name, extra), map: mapToJson(map), history };
}

export function projectOf(maps: MapSummary[], path: string | null = null, dirty = false): ProjectInfo {
  return { path, dirty, maps };
}

/** The start-up operations, answering an empty untitled project. */
export function startupHandlers(project: ProjectInfo = projectOf([])): FakeHandlers {
  return {
    'app.info': () => ({ version: '9.9.9', mode: 'browser', defaultProjectDir: '/projects' }),
    'catalogue.get': () => structuredClone(CATALOGUE_JSON),
    'project.info': () => project,
    'project.recent': () => ['/projects/a.sandtable'],
    'project.recovery': () => [],
  };
}

export interface TestBench {
  app: Workbench;
  fake: FakeApi;
  saved: { blob: Blob; fileName: string }[];
}

/** A workbench over a fake API (started: events connected, catalogue read). */
export async function startedBench(handlers: FakeHandlers = {}): Promise<TestBench> {
  const fake = fakeApi({ ...startupHandlers(), ...handlers });
  const saved: TestBench['saved'] = [];
  const app = new Workbench(fake.api, 'browser', { theme: new ThemeStore('light', () => {}), save: (blob, fileName) => saved.push({ blob, fileName }) });
  await app.init();
  fake.calls.length = 0;
  return { app, fake, saved };
}
