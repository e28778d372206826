/**
 * 18xx games from the shell (issue 28):
 *   sandtable game import <rails-game-folder | g_NAME/map.rb | game.json> [--tiles config/tile.rb] -o game.json
 *   sandtable game lays game.json --company C --hex H [--tile T]
 *   sandtable game reach game.json --company C
 *   sandtable game routes game.json --company C --trains 2,3,5
 *   sandtable game lay game.json --company C --hex H --tile T --rotation R -o game.json
 *   sandtable game token game.json --company C --hex H [--city N] -o game.json
 *   sandtable game phase game.json --phase P -o game.json
 *   sandtable game map game.json -o board.json
 * Each takes --json. Rotations are 18xx.games' (0…5 steps of 60° clockwise, docs/game-format.md).
 * A move the rules refuse exits 1 with the reason and writes nothing.
 */
import type { Io } from '../io.js';
import { UsageError } from '../io.js';
import { parse, parseInteger } from '../args.js';
import { loadGameSource } from '../../node/formats/game-files.js';
import { parseGame, writeGame } from '../../core/game/file.js';
import { GameSession } from '../../core/game/session.js';
import { legalLays } from '../../core/game/lays.js';
import { reachOf } from '../../core/game/reach.js';
import { routesReport } from '../../core/game/report.js';
import { parseTrains } from '../../core/game/trains.js';
import { layTile, placeToken } from '../../core/game/actions.js';
import type { Game } from '../../core/game/types.js';
import { gameBoardMap } from '../../core/game/board-map.js';
import { mapToJsonText } from '../../core/map/map-json.js';

export const gameHelp =
  'game import <rails-folder|map.rb|game.json> [--tiles tile.rb] -o game.json | game lays game.json --company C --hex H [--tile T] | game reach game.json --company C | game routes game.json --company C --trains 2,3,5 | game lay game.json --company C --hex H --tile T --rotation R -o game.json | game token game.json --company C --hex H [--city N] -o game.json | game phase game.json --phase P -o game.json | game map game.json -o board.json   18xx games: import, legal lays, reach, best routes, moves; the board and its track as a map (a railroad network: sandtable network, the exports)';

const OPTIONS = {
  company: { type: 'string' },
  hex: { type: 'string' },
  tile: { type: 'string' },
  tiles: { type: 'string' },
  rotation: { type: 'string' },
  city: { type: 'string' },
  trains: { type: 'string' },
  phase: { type: 'string' },
  output: { type: 'string', short: 'o' },
  json: { type: 'boolean', default: false },
} as const;

type Values = ReturnType<typeof parse>['values'];

export function gameCommand(argv: string[], io: Io): number {
  const [sub, ...rest] = argv;
  const { values, positionals } = parse(`game ${sub ?? ''}`.trim(), rest, OPTIONS);
  if (positionals.length !== 1) throw new UsageError(`game ${sub ?? ''}: expected one game (sandtable ${gameHelp.split(' | ')[0]})`);
  const src = positionals[0]!;
  switch (sub) {
    case 'import':
      return importGame(src, values, io);
    case 'lays':
      return lays(open(src, io), values, io);
    case 'reach':
      return reach(open(src, io), values, io);
    case 'routes':
      return routes(open(src, io), values, io);
    case 'lay':
    case 'token':
    case 'phase':
      return move(sub, open(src, io), values, io);
    case 'map':
      return boardMap(open(src, io), values, io);
    default:
      throw new UsageError(`game: expected import, lays, reach, routes, lay, token, phase or map, got ${JSON.stringify((sub ?? '').slice(0, 40))}`);
  }
}

function open(path: string, io: Io): GameSession {
  return new GameSession(parseGame(io.readText(path), path));
}

function need(values: Values, name: string, sub: string): string {
  const v = values[name];
  if (typeof v !== 'string' || !v) throw new UsageError(`game ${sub}: missing --${name}`);
  return v;
}

function print(io: Io, values: Values, json: unknown, text: string): number {
  io.out(values.json ? `${JSON.stringify(json, null, 1)}\n` : text);
  return 0;
}

function importGame(src: string, values: Values, io: Io): number {
  const out = need(values, 'output', 'import');
  const loaded = loadGameSource(src, typeof values.tiles === 'string' ? { sharedTiles: values.tiles } : {});
  const g = loaded.game;
  io.writeText(out, writeGame(g));
  const summary = {
    output: out,
    kind: loaded.kind,
    name: g.name,
    hexes: g.board.hexes.length,
    tiles: g.tiles.length,
    manifest: g.manifest.tiles.length,
    upgrades: g.manifest.upgrades.length,
    upgradesFrom: g.upgradesFrom,
    phases: g.phases.map((p) => p.name),
    companies: g.companies.map((c) => c.id),
    notes: loaded.notes,
  };
  const text = [
    `${out}: ${g.name} from a ${loaded.kind}: ${summary.hexes} hexes, ${summary.tiles} tiles (${summary.manifest} in the manifest, ${summary.upgrades} upgrades ${g.upgradesFrom}), phases ${summary.phases.join(' ')}, companies ${summary.companies.join(' ') || 'none'}`,
    ...loaded.notes.slice(0, 10).map((n) => `  note: ${n}`),
    ...(loaded.notes.length > 10 ? [`  … and ${loaded.notes.length - 10} more notes`] : []),
  ].join('\n');
  return print(io, values, summary, `${text}\n`);
}

function lays(s: GameSession, values: Values, io: Io): number {
  const company = need(values, 'company', 'lays');
  const hex = need(values, 'hex', 'lays');
  const tile = typeof values.tile === 'string' ? values.tile : undefined;
  const r = legalLays(s, company, hex, tile);
  const lines = r.tiles.map((t) => (t.rotations.length ? `  ${t.tile}: rotations ${t.rotations.join(' ')}${t.cost ? ` (cost ${t.cost})` : ''}` : `  ${t.tile}: no — ${t.reason}`));
  return print(io, values, r, `${hex} (now ${r.current.tile ?? 'empty'}) for ${company}:\n${lines.join('\n')}\n`);
}

function reach(s: GameSession, values: Values, io: Io): number {
  const r = reachOf(s, need(values, 'company', 'reach'));
  const text = [
    `${r.company} reaches ${r.hexes.length} hexes: ${r.hexes.map((h) => `${h.hex}[${h.sides.join('')}]`).join(' ')}`,
    `stops: ${r.nodes.map((n) => `${n.hex}:${n.junction}`).join(' ') || 'none'}`,
    `may token: ${r.tokenable.map((t) => `${t.hex}#${t.city}`).join(' ') || 'nowhere'}`,
  ].join('\n');
  return print(io, values, r, `${text}\n`);
}

function routes(s: GameSession, values: Values, io: Io): number {
  const company = need(values, 'company', 'routes');
  let trains;
  try {
    trains = parseTrains(need(values, 'trains', 'routes'));
  } catch (e) {
    throw new UsageError(`game routes: --trains: ${(e as Error).message}`);
  }
  const r = routesReport(s, company, trains);
  const lines = r.routes.map((t, i) => (t ? `  ${t.train}: ${t.revenue} — ${t.stops.map((x) => `${x.hex}(${x.revenue})`).join(' → ')}` : `  ${trains[i]!.name}: no route`));
  return print(io, values, r, `${company} in phase ${r.phase}: ${r.revenue}\n${lines.join('\n')}\n`);
}

function move(sub: 'lay' | 'token' | 'phase', s: GameSession, values: Values, io: Io): number {
  const out = need(values, 'output', sub);
  if (sub === 'lay') {
    const rotation = parseInteger(need(values, 'rotation', sub), 'game lay: --rotation', 0);
    layTile(s, need(values, 'company', sub), need(values, 'hex', sub), need(values, 'tile', sub), rotation);
  } else if (sub === 'token') {
    const city = typeof values.city === 'string' ? parseInteger(values.city, 'game token: --city', 0) : 0;
    placeToken(s, need(values, 'company', sub), need(values, 'hex', sub), city);
  } else s.setPhase(need(values, 'phase', sub));
  const g: Game = s.toGame();
  io.writeText(out, writeGame(g));
  return print(io, values, { output: out, state: g.state }, `${out}: ${g.state.lays.length} lays, ${g.state.tokens.length} tokens, phase ${g.state.phase}\n`);
}

/** The board with the state's track as a map file: a railroad network layer with the cities and towns. */
function boardMap(s: GameSession, values: Values, io: Io): number {
  const out = need(values, 'output', 'map');
  const { map } = gameBoardMap(s.game);
  io.writeText(out, mapToJsonText(map));
  const layer = map.networks;
  const junctions = layer ? layer.junctionTiles().reduce((n, t) => n + layer.junctionsAt(t).length, 0) : 0;
  const summary = {
    output: out,
    game: s.game.name,
    size: map.spec.size,
    orientation: map.spec.orientation ?? 'flat',
    numbering: map.meta.numbering ?? null,
    hexes: s.game.board.hexes.length,
    trackHexes: layer?.size ?? 0,
    junctions,
    lays: s.game.state.lays.length,
  };
  const text = `${out}: ${s.game.name}'s board as a ${summary.orientation} hex-rectangle map, ${summary.hexes} hexes, track in ${summary.trackHexes} (${summary.junctions} junctions, ${summary.lays} lays)${summary.numbering ? ', 18xx numbering' : ', hex names as labels'}\n`;
  return print(io, values, summary, text);
}
