/**
 * Helpers that drive the flat map and the globe like a designer would: find where a tile is
 * on screen (from the view's `data-view` transform and the grid's own geometry, built here
 * with core exactly as the renderer builds it), hover it, click it, drag along tiles, and
 * read the status bar. Pixel checks use screenshots of the map canvas.
 *
 * Test helper: Node + playwright-core.
 */
import type { Locator, Page } from 'playwright-core';
import type { Grid } from '../../core/grid/types.js';
import { GlobeCamera } from '../../renderer/src/lib/view/globe-camera.js';

/**
 * The page's document as the functions passed to `waitForFunction` see it: they run in the
 * browser, but this file compiles without the DOM library, so declare just what they use.
 */
declare const document: { querySelector(selector: string): { dataset: Record<string, string | undefined> } | null };

export interface Screen {
  x: number;
  y: number;
}

export class MapDriver {
  readonly view: Locator;

  constructor(
    readonly page: Page,
    readonly grid: Grid,
  ) {
    this.view = page.getByTestId('map-view');
  }

  /** Waits until the view has drawn at least `n` frames. */
  async drawn(n = 1): Promise<void> {
    await this.page.waitForFunction(
      (min) => Number(document.querySelector('[data-testid="map-view"]')?.dataset.frame ?? 0) >= min,
      n,
      { timeout: 20_000 },
    );
  }

  async frame(): Promise<number> {
    return Number((await this.view.getAttribute('data-frame')) ?? 0);
  }

  /** Waits for a frame drawn after `after` (see `frame()`), then two animation frames. */
  async nextFrame(after: number): Promise<void> {
    await this.drawn(after + 1);
    await this.page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
  }

  /**
   * A snapshot of the view's transform: tile → screen position (page CSS pixels) of its
   * centre, or null when hidden (the far side of the globe). Valid until the view moves.
   */
  async projector(): Promise<(tile: number) => Screen | null> {
    const point = await this.pointProjector();
    return (tile) => point(this.grid.center(tile));
  }

  /** The same for any model point (flat: x, y; globe: a point on or near the sphere). */
  async pointProjector(): Promise<(model: readonly number[]) => Screen | null> {
    const box = (await this.view.boundingBox())!;
    const view = ((await this.view.getAttribute('data-view')) ?? '').split(',').map(Number);
    if (this.grid.modelDimensions === 2) {
      const [scale, tx, ty] = view as [number, number, number];
      return (c) => ({ x: box.x + tx + scale * c[0]!, y: box.y + ty - scale * c[1]! });
    }
    const cam = new GlobeCamera();
    cam.setViewport(box.width, box.height);
    cam.distance = view[0]!;
    cam.fovDeg = view[1]!;
    cam.q = [view[2]!, view[3]!, view[4]!, view[5]!];
    return (c) => {
      const s = cam.toScreen([...c]);
      return s ? { x: box.x + s[0], y: box.y + s[1] } : null;
    };
  }

  async screenOf(tile: number): Promise<Screen | null> {
    return (await this.projector())(tile);
  }

  async at(tile: number): Promise<Screen> {
    const s = await this.screenOf(tile);
    if (!s) throw new Error(`tile ${tile} is not visible`);
    return s;
  }

  /** Hovers a tile and returns what the status bar says about it. */
  async hover(tile: number): Promise<StatusInfo> {
    const s = await this.at(tile);
    await this.page.mouse.move(s.x, s.y);
    await this.page.waitForFunction((t) => document.querySelector('[data-testid="status-tile"]')?.dataset.tile === String(t), tile, { timeout: 5000 });
    return readStatus(this.page);
  }

  async click(tile: number): Promise<void> {
    const s = await this.at(tile);
    await this.page.mouse.click(s.x, s.y);
  }

  /** Presses the primary button on the first tile, moves through the centres of the others, releases. */
  async drag(tiles: readonly number[], stepsBetween = 4): Promise<void> {
    const first = await this.at(tiles[0]!);
    await this.page.mouse.move(first.x, first.y);
    await this.page.mouse.down();
    for (const t of tiles.slice(1)) {
      const s = await this.at(t);
      await this.page.mouse.move(s.x, s.y, { steps: stepsBetween });
    }
    await this.page.mouse.up();
  }
}

export interface StatusInfo {
  tile: number;
  coord: number[];
  system: string;
  tileClass: string;
  subClass: string;
  pentagon: boolean;
  terrain: string;
}

export async function readStatus(page: Page): Promise<StatusInfo> {
  const bar = page.getByTestId('status-bar');
  const coord = bar.getByTestId('status-coord');
  const sub = bar.getByTestId('status-subclass');
  return {
    tile: Number(await bar.getByTestId('status-tile').getAttribute('data-tile')),
    coord: ((await coord.getAttribute('data-coord')) ?? '').split(',').map(Number),
    system: (await coord.getAttribute('data-system')) ?? '',
    tileClass: (await bar.getByTestId('status-class').textContent())?.trim() ?? '',
    subClass: (await sub.count()) ? ((await sub.textContent())?.trim() ?? '') : '',
    pentagon: (await bar.getByTestId('status-pentagon').count()) > 0,
    terrain: (await bar.getByTestId('status-terrain').getAttribute('data-terrain')) ?? '',
  };
}

/** Polls `check` until it returns true (or throws its last failure after `timeoutMs`). */
export async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 25_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** What the start screen's new-map form is filled with: a rectangle (width × height) or a globe (side). */
export type NewMapForm = { name: string; alform: boolean; fill: string } & (
  | { kind: 'square' | 'offset-square' | 'hex-rectangle'; width: number; height: number }
  | { kind: 'icosahedron'; side: number }
);

/** Fills the start screen's new-map form as a designer would; `createMap` then creates it. */
export async function fillNewMapForm(page: Page, form: NewMapForm): Promise<void> {
  await page.getByTestId('new-map-name').fill(form.name);
  await page.getByTestId(`new-map-kind-${form.kind}`).click();
  if (form.kind === 'icosahedron') {
    await page.getByTestId('new-map-side').fill(String(form.side));
  } else {
    await page.getByTestId('new-map-width').fill(String(form.width));
    await page.getByTestId('new-map-height').fill(String(form.height));
  }
  await page.getByTestId('new-map-alform').setChecked(form.alform);
  await page.getByTestId('new-map-fill').selectOption(form.fill);
}

/** Creates the map the start screen's form describes and waits for the workspace. */
export async function createMap(page: Page): Promise<void> {
  await page.getByTestId('new-map-create').click();
  await page.getByTestId('workspace').waitFor();
}

/** The index of the tile at (x, y) of `grid`; throws if there is none. */
export function tileAt(grid: Grid, x: number, y: number): number {
  const i = grid.index([x, y]);
  if (i < 0) throw new Error(`no tile (${x}, ${y})`);
  return i;
}
