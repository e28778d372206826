/**
 * End-to-end, in Chromium against browser mode (issue 25, points 4 and 5): lines of placed
 * vector tiles reach the cell edges and meet their neighbours' as drawn on screen.
 * - An AL-FORM globe (side 5): a river bend on a pentagon and on the area hexagon beside it
 *   (the two wide (A) polygons share an edge across the linear tile between them). The
 *   pixels at the shared edge's meeting point, and just inside each cell along each river,
 *   are river-coloured; elsewhere on that edge they stay plains. Screenshots:
 *   test-results/e2e/vector-meet-globe-whole.png, vector-meet-globe.png (zoomed in).
 * - A flat hex map: two rivers drawn by hand with their crossings at 0.25 and 0.5 of the
 *   shared edge, placed side by side, are bent to meet (patent step 4) at 0.375: the river is
 *   drawn there, and no longer at either drawn crossing. Screenshots:
 *   test-results/e2e/vector-meet-flat-all-layers.png (every layer on: the river derived onto
 *   the classic edges the instances cross is drawn once, by them — no strip along the edge).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cellShapeOf } from '../../core/assemble/cell-geometry.js';
import { placedTile } from '../../core/assemble/placed-tile.js';
import { createGrid } from '../../core/grid/create.js';
import type { IcosahedronGrid } from '../../core/grid/icosahedron/icosahedron-grid.js';
import { classifyTile, TileClass } from '../../core/alform/classify.js';
import { decodePlacement, encodePlacement } from '../../core/map/orientation-code.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { globeInstancePlace } from '../../core/render/instance-frame.js';
import { evalCubic, segment, segmentCount } from '../../core/vector/bezier.js';
import { edgeIndicators } from '../../core/vector/indicators.js';
import { writeVectorTile } from '../../core/vector/json.js';
import { HEX, edgeOf, edgePoint } from '../../core/vector/shape.js';
import { importSvg } from '../../core/vector/svg.js';
import type { CurveElement, VectorTile } from '../../core/vector/types.js';
import type { Vec2 } from '../../core/vector/vec2.js';
import { REPO, appForSuite, shot, skipReason, terrainColour } from './harness.js';
import { MapDriver, createMap, eventually, fillNewMapForm, type Screen } from './map-view.js';
import { pixel, type Image } from './png.js';

const missing = skipReason();
const RIVER = terrainColour('river');
const PLAINS = terrainColour('plains');
const BEND = 'hex-river-bend-gentle-1';

describe.skipIf(!!missing)('placed vector tiles meet their neighbours on screen', () => {
  const app = appForSuite();

  it('AL-FORM globe: a river bend on a pentagon and on the area hexagon beside it reaches the shared edge and meets there', async () => {
    const { page, server } = app;
    await fillNewMapForm(page, { name: 'Meeting planet', kind: 'icosahedron', side: 5, alform: true, fill: 'plains' });
    await createMap(page);
    const id = (await server.services.invoke('maps.list', {})).find((m) => m.name === 'Meeting planet')!.id;
    // The form's side counts AL-FORM area tiles: the grid is the stored map's.
    const grid = createGrid({ size: mapFromJson((await server.services.invoke('maps.load', { id })).map).spec.size }) as IcosahedronGrid;
    let globe = new MapDriver(page, grid);
    await globe.drawn(1);
    const bend = importSvg(readFileSync(join(REPO, 'resources/tiles/starter/hex/river', `${BEND}.svg`), 'utf8'), BEND).tile;

    // The pentagon nearest the middle of the view; the river's crossing whose edge an area hexagon shares.
    const box = (await globe.view.boundingBox())!;
    const project = await globe.projector();
    const seen = Array.from(grid.pentagons()).filter((p) => project(p) !== null);
    const distToMiddle = (t: number) => Math.hypot(project(t)!.x - box.x - box.width / 2, project(t)!.y - box.y - box.height / 2);
    const p = seen.sort((a, b) => distToMiddle(a) - distToMiddle(b))[0]!;
    const pCode = encodePlacement({ orientation: { rotation: 0, mirror: 'none' }, pentagonRotation: 0 });
    const pDrawn = drawnOn(grid, p, bend, pCode);
    const meeting = sharedCrossing(grid, p, pDrawn);
    const h = meeting.cell;
    const hCode = [0, 60, 120, 180, 240, 300]
      .map((rotation) => encodePlacement({ orientation: { rotation, mirror: 'none' } }))
      .find((code) => crossingOn(drawnOn(grid, h, bend, code), meeting.edge) !== null);
    if (hCode === undefined) throw new Error(`no rotation of ${BEND} crosses edge ${meeting.edge} of cell ${h}`);
    const hDrawn = drawnOn(grid, h, bend, hCode);
    // On the sphere the two drawn ends are one point (each cell draws in its own plane).
    const endP = lift(grid, p, crossingOn(pDrawn, meeting.dir)!.p);
    const endH = lift(grid, h, crossingOn(hDrawn, meeting.edge)!.p);
    expect(Math.hypot(endP[0]! - endH[0]!, endP[1]! - endH[1]!, endP[2]! - endH[2]!)).toBeLessThan(1e-4);

    const r = await server.services.invoke('maps.placeInstances', {
      id,
      placements: [
        { tile: p, vectorTile: BEND, placement: pCode },
        { tile: h, vectorTile: BEND, placement: hCode },
      ],
    });
    expect(r).toBeDefined();
    await eventually(async () => (mapFromJson((await server.services.invoke('maps.load', { id })).map).instances?.placedCount() ?? 0) === 2, 'both bends to be placed');
    await page.getByTestId('home').click();
    await page.locator('[data-testid="project-map"][data-map-name="Meeting planet"]').click();
    await page.getByTestId('workspace').waitFor();
    globe = new MapDriver(page, grid);
    await globe.drawn(1);
    await shot(page, 'vector-meet-globe-whole', globe.view);
    // Zoomed in towards the pentagon.
    for (let i = 0; i < 4; i++) {
      const at = await globe.at(p);
      const frame = await globe.frame();
      await page.mouse.move(at.x, at.y);
      await page.mouse.wheel(0, -200);
      await globe.nextFrame(frame);
    }
    await page.mouse.move(5, 5);
    const frame = await globe.frame();
    await globe.nextFrame(frame - 1);
    const after = await shot(page, 'vector-meet-globe', globe.view);
    const toScreen = await globe.pointProjector();
    const vbox = (await globe.view.boundingBox())!;
    const onView = (q: readonly number[]): Screen => {
      const s = toScreen(q)!;
      return { x: s.x - vbox.x, y: s.y - vbox.y };
    };
    const radius = Math.hypot(...grid.center(p));
    // The meeting point on the shared edge, and a point just inside each cell along each river.
    const probes = [endP, lift(grid, p, nearEnd(pDrawn, meeting.dir)), lift(grid, h, nearEnd(hDrawn, meeting.edge))].map((q) => onView(q.map((v) => v * radius)));
    for (const s of probes) expect(riverAround(after, s), `river at ${s.x},${s.y}`).toBeGreaterThan(0);
    // Off the river, the same edge stays plains.
    const edge = edgeOf(cellShapeOf(grid, p, true), meeting.dir);
    const off = [0.1, 0.9].map((t) => onView(lift(grid, p, edgePoint(edge, t)).map((v) => v * radius)));
    for (const s of off) expect(riverAround(after, s)).toBe(0);
  });

  it('flat hex map: rivers drawn by hand crossing the shared edge at 0.25 and 0.5 meet at 0.375', async () => {
    const { page, server } = app;
    await page.getByTestId('start-screen').or(page.getByTestId('workspace')).first().waitFor();
    if (await page.getByTestId('workspace').isVisible()) await page.getByTestId('home').click();
    await page.getByTestId('start-screen').waitFor();
    for (const t of [handRiver('e2e-river-quarter', 0.25), handRiver('e2e-river-half', 0.5)]) await server.services.invoke('tiles.save', { tile: writeVectorTile(t) });
    await fillNewMapForm(page, { name: 'Two rivers', kind: 'hex-rectangle', width: 4, height: 3, alform: false, fill: 'plains' });
    await createMap(page);
    const grid = createGrid({ size: { kind: 'hex-rectangle', width: 4, height: 3 } });
    let map = new MapDriver(page, grid);
    await map.drawn(1);
    const id = (await server.services.invoke('maps.list', {})).find((m) => m.name === 'Two rivers')!.id;
    const a = grid.index([1, 1]);
    const b = grid.neighbor(a, 0);
    expect(b).toBeGreaterThanOrEqual(0);
    await server.services.invoke('maps.placeInstances', {
      id,
      placements: [
        { tile: a, vectorTile: 'e2e-river-quarter', placement: 0 },
        { tile: b, vectorTile: 'e2e-river-half', placement: 0 },
      ],
    });
    await page.getByTestId('home').click();
    await page.locator('[data-testid="project-map"][data-map-name="Two rivers"]').click();
    await page.getByTestId('workspace').waitFor();
    map = new MapDriver(page, grid);
    await map.drawn(1);
    await page.mouse.move(5, 5);
    const frame = await map.frame();
    await map.nextFrame(frame - 1);
    // Every layer on: the river derived onto the classic edges the instances cross is theirs to draw, not the
    // linear terrain layer's (no strip over the vector line, core/render instance-lines.ts).
    expect(await map.view.getAttribute('data-layers')).toContain('linear:1');
    const img = await shot(page, 'vector-meet-flat-all-layers', map.view);
    const toScreen = await map.pointProjector();
    const vbox = (await map.view.boundingBox())!;
    const half = grid.spacing() / 2;
    const at = (t: number, edge = 0): Screen => {
      const q = edgePoint(edgeOf(HEX, edge), t);
      const c = grid.center(a);
      const s = toScreen([c[0]! + half * q[0], c[1]! + half * q[1]])!;
      return { x: s.x - vbox.x, y: s.y - vbox.y };
    };
    // The edge is wide enough on screen that 0.25, 0.375 and 0.5 lie apart beyond the river's width.
    expect(Math.hypot(at(0.25).x - at(0.375).x, at(0.25).y - at(0.375).y)).toBeGreaterThan(12);
    expect(riverAround(img, at(0.375))).toBeGreaterThan(0);
    expect(riverAround(img, at(0.25))).toBe(0);
    // B's drawn crossing at its own 0.5 is A's 0.5 too.
    expect(riverAround(img, at(0.5))).toBe(0);
    // A's river leaves through its edge 3, into a cell with no tile: only the line, no strip along the edge.
    expect(riverAround(img, at(0.5, 3))).toBeGreaterThan(0);
    for (const t of [0.2, 0.8]) expect(riverAround(img, at(t, 3)), `no river on edge 3 at ${t}`).toBe(0);
  });
});

/** The bend on globe cell `cell` as the AL-FORM globe draws it (no snapping on AL-FORM maps). */
function drawnOn(grid: IcosahedronGrid, cell: number, tile: VectorTile, code: number): VectorTile {
  return placedTile(tile, decodePlacement(code), cellShapeOf(grid, cell, true));
}

/** A shape point of cell `cell`'s AL-FORM frame on the unit sphere. */
function lift(grid: IcosahedronGrid, cell: number, q: readonly number[]): number[] {
  const out: number[] = [];
  globeInstancePlace(grid, cell, true)(1)(q[0]!, q[1]!, out);
  return out;
}

/** The drawn end crossing edge `dir` (its point), or null. */
function crossingOn(t: VectorTile, dir: number): { p: Vec2; element: string; end: 'start' | 'end' } | null {
  const pos = edgeIndicators(t).find((x) => x.dir === dir)?.positions[0];
  if (!pos) return null;
  const el = t.elements.find((e) => e.id === pos.element) as CurveElement;
  return { p: pos.end === 'start' ? el.curve.points[0]! : el.curve.points.at(-1)!, element: pos.element, end: pos.end };
}

/** A point on the river a little inside the cell from its end on edge `dir`. */
function nearEnd(t: VectorTile, dir: number): Vec2 {
  const c = crossingOn(t, dir)!;
  const curve = (t.elements.find((e) => e.id === c.element) as CurveElement).curve;
  return c.end === 'start' ? evalCubic(segment(curve, 0), 0.08) : evalCubic(segment(curve, segmentCount(curve) - 1), 0.92);
}

/** The area cell whose AL-FORM polygon shares the edge the pentagon's river crosses, and that edge in both. */
function sharedCrossing(grid: IcosahedronGrid, p: number, drawn: VectorTile): { cell: number; dir: number; edge: number } {
  const shape = cellShapeOf(grid, p, true);
  for (const ind of edgeIndicators(drawn)) {
    if (!ind.positions.length) continue;
    const e = edgeOf(shape, ind.dir);
    const [u, v] = [lift(grid, p, e.from), lift(grid, p, e.to)];
    for (const c of grid.range(p, 2)) {
      if (c === p || grid.isPentagon(c) || classifyTile(grid, c) !== TileClass.AREA) continue;
      for (const f of cellShapeOf(grid, c, true).edges) {
        const [x, y] = [lift(grid, c, f.from), lift(grid, c, f.to)];
        if (Math.hypot(x[0]! - v[0]!, x[1]! - v[1]!, x[2]! - v[2]!) + Math.hypot(y[0]! - u[0]!, y[1]! - u[1]!, y[2]! - u[2]!) < 1e-9) return { cell: c, dir: ind.dir, edge: f.dir };
      }
    }
  }
  throw new Error(`no area hexagon shares an edge the river on pentagon ${p} crosses`);
}

/** A river drawn by hand from the middle of edge 3 to edge 0 at `t` (a gentle S). */
function handRiver(id: string, t: number): VectorTile {
  const from = edgePoint(edgeOf(HEX, 3), 0.5);
  const to = edgePoint(edgeOf(HEX, 0), t);
  const curve = { points: [from, [from[0] + 0.15, from[1] + 0.6], [to[0] - 0.15, to[1] - 0.6], to] as Vec2[], closed: false };
  return { id, name: `River crossing at ${t}`, shape: HEX, elements: [{ kind: 'line', id: 'river', terrain: 'river', curve }] };
}

/** River-coloured pixels (nearer the river's colour than the plains') within 3 px of `s`. */
function riverAround(img: Image, s: Screen): number {
  let n = 0;
  for (let y = Math.round(s.y) - 3; y <= Math.round(s.y) + 3; y++) {
    for (let x = Math.round(s.x) - 3; x <= Math.round(s.x) + 3; x++) {
      if (x < 0 || y < 0 || x >= img.width || y >= img.height) continue;
      const c = pixel(img, x, y);
      if (dist(c, RIVER) < dist(c, PLAINS) && dist(c, RIVER) < 120) n++;
    }
  }
  return n;
}

const dist = (p: readonly number[], q: readonly number[]) => Math.abs(p[0]! - q[0]!) + Math.abs(p[1]! - q[1]!) + Math.abs(p[2]! - q[2]!);
