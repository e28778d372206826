/**
 * Issue 28's figures: on a late-game 1830-size board with 6 companies,
 * - one lay's graph update (every company's graph, target < 1 ms),
 * - legal lays on every hex for one company (< 50 ms),
 * - best routes for 3 trains (< 1 s),
 * each beside a full recomputation in the same run (the graphs rebuilt from the tokens).
 *
 * The board is Rails' 1830 (../real-files, scripts/fetch-real-files.sh) or, without it, a
 * random board of 1830's size; the late game is played by seeded random legal moves: home
 * tokens, 80 lays through phases to brown, tokens where reached; then 40 more lays are
 * timed one by one, until 1830's tile mix runs low (about 110 lays in all). Results →
 * bench/results/game.json.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadGameSource } from '../node/formats/game-files.js';
import { REAL_FILES } from '../test/support/formats.js';
import { randomGame } from '../core/game/game.testkit.js';
import type { Game } from '../core/game/types.js';
import { GameSession } from '../core/game/session.js';
import { CompanyGraph } from '../core/game/graph.js';
import { checkRotation, layContext, legalLays } from '../core/game/lays.js';
import { layTile, placeToken } from '../core/game/actions.js';
import { connectedHexes, reachOf } from '../core/game/reach.js';
import { bestRoutes } from '../core/game/routes.js';
import { parseTrains } from '../core/game/trains.js';
import { randomInt } from '../core/util/random.js';
import { rng, writeResult } from './harness.js';

const LAYS = 80;
const TIMED_LAYS = 40;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

function board(): { game: Game; from: string } {
  const rails = join(REAL_FILES, 'rails', 'data', '1830');
  if (existsSync(join(rails, 'Map.xml'))) return { game: loadGameSource(rails).game, from: 'Rails 1830 (real files)' };
  const g = randomGame(rng(1830));
  return { game: g, from: 'a random board of 1830 size (no real files)' };
}

/** Every legal (hex, tile, rotation) for the company now. */
function moves(s: GameSession, company: string): [string, string, number][] {
  const ctx = layContext(s, company);
  const out: [string, string, number][] = [];
  for (const hex of s.net.hexNames) for (const o of legalLays(s, company, hex, undefined, ctx).tiles) for (const r of o.rotations) out.push([hex, o.tile, r]);
  return out;
}

function lateGame(game: Game, random: () => number): { s: GameSession; companies: string[] } {
  const s = new GameSession(game);
  const companies = game.companies.filter((c) => c.homes.length).slice(0, 6).map((c) => c.id);
  for (const c of companies) {
    const home = game.companies.find((x) => x.id === c)!.homes[0]!;
    placeToken(s, c, home.hex, home.city ?? 0);
    s.graph(c);
  }
  const phases = game.phases.map((p) => p.name);
  for (let i = 0; i < LAYS; i++) {
    if (i === 20) s.setPhase(phases[Math.min(1, phases.length - 1)]!);
    if (i === 45) s.setPhase(phases.find((p) => game.phases.find((x) => x.name === p)!.colours.includes('brown')) ?? phases[phases.length - 1]!);
    const c = companies[randomInt(random, companies.length)]!;
    const m = moves(s, c);
    if (m.length) layTile(s, c, ...m[randomInt(random, m.length)]!);
    if (random() < 0.1) {
      const t = reachOf(s, c).tokenable[0];
      if (t) placeToken(s, c, t.hex, t.city);
    }
  }
  return { s, companies };
}

/** A legal lay near the company's track, found by trying a few hexes it reaches (cheap on big boards). */
function nearbyLay(s: GameSession, company: string, random: () => number): [string, string, number] | null {
  const ctx = layContext(s, company);
  const hexes = [...ctx.reach.keys()];
  for (let tries = 0; tries < 12 && hexes.length; tries++) {
    const hex = s.net.hexNames[hexes[randomInt(random, hexes.length)]!]!;
    const options = legalLays(s, company, hex, undefined, ctx).tiles.flatMap((o) => o.rotations.map((r): [string, string, number] => [hex, o.tile, r]));
    if (options.length) return options[randomInt(random, options.length)]!;
  }
  return null;
}

/**
 * Scaling: one lay's update against a full rebuild on a 40 × 60 random board (1 200 hexes, six
 * companies, tiles unlimited) after 800 lays, where a company's network spans hundreds of hexes.
 */
function largeBoard(random: () => number) {
  const s = new GameSession(randomGame(rng(2828), 40, 60, 6, 'unlimited'));
  const companies = s.game.companies.map((c) => c.id);
  for (const c of s.game.companies) {
    placeToken(s, c.id, c.homes[0]!.hex, 0);
    s.graph(c.id);
  }
  for (let i = 0; i < 800; i++) {
    const c = companies[i % companies.length]!;
    const lay = nearbyLay(s, c, random);
    if (lay) layTile(s, c, ...lay);
  }
  const layMs: number[] = [];
  const fullMs: number[] = [];
  const work: number[] = [];
  const fullWork: number[] = [];
  for (let i = 0; i < TIMED_LAYS; i++) {
    const c = companies[i % companies.length]!;
    const lay = nearbyLay(s, c, random);
    if (!lay) continue;
    const v = checkRotation(s, s.net.hex(lay[0]), lay[1], lay[2], layContext(s, c));
    if ('reason' in v) throw new Error(v.reason);
    const w0 = s.builtGraphs().reduce((a, g) => a + g.work, 0);
    const t0 = performance.now();
    s.applyLay({ hex: lay[0], tile: lay[1], rotation: lay[2], company: c }, v.map);
    layMs.push(performance.now() - t0);
    work.push(s.builtGraphs().reduce((a, g) => a + g.work, 0) - w0);
    const t1 = performance.now();
    const graphs = companies.map((x) => new CompanyGraph(s.net, x));
    fullMs.push(performance.now() - t1);
    fullWork.push(graphs.reduce((a, g) => a + g.work, 0));
  }
  const reached = Math.max(...companies.map((c) => connectedHexes(s.graph(c)).size));
  return {
    what: 'one lay: graph update, 6 companies, 40×60 random board',
    ms: r3(median(layMs)),
    maxMs: r3(Math.max(...layMs)),
    targetMs: 1,
    fullRecomputeMs: r3(median(fullMs)),
    work: median(work),
    fullWork: median(fullWork),
    lays: s.lays.length,
    largestReachHexes: reached,
  };
}

export default async function run(): Promise<string> {
  const { game, from } = board();
  const random = rng(28);
  const { s, companies } = lateGame(game, random);
  const full = () => companies.map((c) => new CompanyGraph(s.net, c));

  // 1. One lay: the incremental update of all six graphs, then a full rebuild of all six on the same board.
  const layMs: number[] = [];
  const fullMs: number[] = [];
  const layWork: number[] = [];
  const fullWork: number[] = [];
  for (let i = 0; i < TIMED_LAYS; i++) {
    const c = companies.map((_, k) => companies[(i + k) % companies.length]!).find((x) => moves(s, x).length);
    if (!c) break;
    const m = moves(s, c);
    const [hex, tile, r] = m[randomInt(random, m.length)]!;
    const v = checkRotation(s, s.net.hex(hex), tile, r, layContext(s, c));
    if ('reason' in v) throw new Error(v.reason);
    const work0 = s.builtGraphs().reduce((a, g) => a + g.work, 0);
    const t0 = performance.now();
    s.applyLay({ hex, tile, rotation: r, company: c }, v.map);
    layMs.push(performance.now() - t0);
    layWork.push(s.builtGraphs().reduce((a, g) => a + g.work, 0) - work0);
    const t1 = performance.now();
    const graphs = full();
    fullMs.push(performance.now() - t1);
    fullWork.push(graphs.reduce((a, g) => a + g.work, 0));
  }

  // 2. Legal lays on every hex for the company with the most reach.
  const richest = [...companies].sort((a, b) => reachOf(s, b).hexes.length - reachOf(s, a).hexes.length)[0]!;
  const laysMs: number[] = [];
  const laysFullMs: number[] = [];
  let options = 0;
  // Warm-up (rotated tiles cached, code compiled), then the median of nine: the bench machines are shared.
  for (const hex of s.net.hexNames) legalLays(s, richest, hex);
  for (let i = 0; i < 9; i++) {
    const t0 = performance.now();
    const ctx = layContext(s, richest);
    options = 0;
    for (const hex of s.net.hexNames) for (const o of legalLays(s, richest, hex, undefined, ctx).tiles) options += o.rotations.length;
    laysMs.push(performance.now() - t0);
    const t1 = performance.now();
    s.graph(richest).recompute();
    const ctx2 = layContext(s, richest);
    for (const hex of s.net.hexNames) legalLays(s, richest, hex, undefined, ctx2);
    laysFullMs.push(performance.now() - t1);
  }

  // 3. Best routes for three trains.
  const trains = parseTrains('4,5,6');
  const routesMs: number[] = [];
  const routesFullMs: number[] = [];
  let found = bestRoutes(s, richest, trains);
  for (let i = 0; i < 9; i++) {
    const t0 = performance.now();
    found = bestRoutes(s, richest, trains);
    routesMs.push(performance.now() - t0);
    const t1 = performance.now();
    s.graph(richest).recompute();
    bestRoutes(s, richest, trains);
    routesFullMs.push(performance.now() - t1);
  }

  const reach = reachOf(s, richest);
  const large = largeBoard(random);
  const rows = [
    { what: 'one lay: graph update, 6 companies', ms: r3(median(layMs)), maxMs: r3(Math.max(...layMs)), targetMs: 1, fullRecomputeMs: r3(median(fullMs)), work: median(layWork), fullWork: median(fullWork) },
    { what: `legal lays, every hex, ${richest}`, ms: r3(median(laysMs)), targetMs: 50, fullRecomputeMs: r3(median(laysFullMs)), legalOptions: options },
    { what: `best routes ${trains.map((t) => t.name).join(',')}, ${richest}`, ms: r3(median(routesMs)), targetMs: 1000, fullRecomputeMs: r3(median(routesFullMs)), revenue: found.revenue, candidateRoutes: found.work.routes, searched: found.work.searched },
    large,
  ];
  for (const r of rows) process.stdout.write(`  ${r.what}: ${r.ms} ms (target < ${r.targetMs} ms; with a full recomputation ${r.fullRecomputeMs} ms)\n`);
  process.stdout.write(`  one lay: ${rows[0]!.work} walk states examined (median) against ${rows[0]!.fullWork} for the full rebuild of six graphs\n`);
  process.stdout.write(`  40×60 board after ${large.lays} lays (largest reach ${large.largestReachHexes} hexes): ${large.work} walk states per lay against ${large.fullWork} for a full rebuild\n`);
  process.stdout.write(`  board: ${from}; ${s.lays.length} lays, ${s.tokens().length} tokens, phase ${s.phase.name}; ${richest} reaches ${reach.hexes.length} hexes, ${reach.nodes.length} stops\n`);
  return writeResult('game', { board: from, lays: s.lays.length, tokens: s.tokens().length, phase: s.phase.name, companies, timedLays: layMs.length, rows });
}
