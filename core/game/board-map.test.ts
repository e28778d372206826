import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { networkReport } from '../map/network-report.js';
import { mapFromJson, mapToJson } from '../map/map-json.js';
import { parseTileDslFile, tilesFromDslFile } from '../formats/tile-dsl-file.js';
import { networkTrackPaths, trackPathKey, trackTileNetwork } from '../track/track-network.js';
import { tileNumbering } from '../map/numbering.js';
import { BOARD_TRACK, boardNumberedAsMap, gameBoardMap } from './board-map.js';
import { boardMapProblems } from './board-map.testkit.js';
import { TILE_CODES, dslTile, smallGame } from './game.testkit.js';
import { GameSession } from './session.js';
import type { GameState } from './types.js';

const catalogue = loadDefaultCatalogue();

describe('track tiles round-trip through network codes', () => {
  const file = new URL('../../docs/examples/18xx-tiles.dsl', import.meta.url);
  const fromFile = tilesFromDslFile(parseTileDslFile(readFileSync(file, 'utf8'), '18xx-tiles.dsl'), '18xx-tiles.dsl').tiles;
  const tiles = [...fromFile, ...Object.keys(TILE_CODES).map(dslTile), ...smallGame().tiles];
  it('every tile of the DSL example and the test kit, every rotation, both orientations: tile → network → paths', () => {
    expect(fromFile.length).toBeGreaterThanOrEqual(6);
    let checked = 0;
    for (const t of tiles) for (const o of ['NS', 'EW'] as const) for (let r = 0; r < 6; r++) {
      const net = trackTileNetwork(t, r, o, 1);
      const got = new Set(networkTrackPaths(net.codes, net.junctions, o, r).map((p) => trackPathKey(p)));
      const want = new Set(t.connections.map((c) => trackPathKey(c, (id) => String(net.ports.get(id)))));
      expect([...got].sort(), `${t.id} ${o} r${r}`).toEqual([...want].sort());
      checked++;
    }
    expect(checked).toBe(tiles.length * 12);
  });
});

describe('gameBoardMap', () => {
  const state: GameState = {
    phase: '5',
    lays: [
      { hex: 'B3', tile: '57', rotation: 2 },
      { hex: 'C4', tile: '9', rotation: 2 },
      { hex: 'D5', tile: '57', rotation: 2 },
      { hex: 'B3', tile: '14', rotation: 1 },
    ],
    tokens: [],
  };

  it('holds every preprinted and laid tile’s track, junctions with slots and phase revenue, on an 18xx-numbered flat map', () => {
    const game = smallGame();
    const bm = gameBoardMap(game, state);
    const { map, tiles } = bm;
    expect(map.spec.orientation ?? 'flat').toBe('flat');
    expect(boardNumberedAsMap(game.board)).toBe(true);
    const name = tileNumbering(map, '18xx')!;
    for (const [hex, t] of tiles) expect(name(t)).toBe(hex);
    expect(map.meta.numbering).toBe('18xx');
    expect(boardMapProblems(new GameSession({ ...game, state }), bm)).toEqual([]);
    const layer = map.networks!;
    expect(layer.junctionsAt(tiles.get('B3')!)).toEqual([{ port: 8, type: 'city', slots: 2, revenue: 30, toward: null }]);
    expect(layer.junctionsAt(tiles.get('A4')!)).toEqual([expect.objectContaining({ port: 8, type: 'offmap', revenue: 60 })]);
    expect(layer.junctionsAt(tiles.get('E4')!)[0]).toMatchObject({ type: 'city', slots: 2, revenue: 40 });
    expect(layer.junctionsAt(tiles.get('C6')!)).toEqual([{ port: 8, type: 'city', slots: 1, revenue: 0, toward: null }]);
    expect(layer.at(tiles.get('A2')!)).toEqual([]);
    for (const t of tiles.values()) expect(map.terrainOf(map.layers.terrain[t]!)).toBe('clear');
    // The map and its JSON agree.
    const again = mapFromJson(mapToJson(map));
    expect(again.networks!.tiles()).toEqual(layer.tiles());
  });

  it('the network report finds the board’s connected track as the game does', () => {
    const game = smallGame();
    const bm = gameBoardMap(game, state);
    const session = new GameSession({ ...game, state });
    expect(boardMapProblems(session, bm)).toEqual([]);
    const report = networkReport(bm.map, catalogue, BOARD_TRACK);
    expect(report.kinds).toHaveLength(1);
    const comps = report.kinds[0]!.components.map((c) => c.tiles);
    // B3's 14 reaches C4's straight 9, which reaches D5's 57: one run; A4 and E4 stand apart.
    const run = ['B3', 'C4', 'D5'].map((h) => bm.tiles.get(h)!).sort((a, b) => a - b);
    expect(comps).toContainEqual(run);
    expect(comps).toHaveLength(3);
  });

  it('draws a pointy board pointy, and a board the map numbering cannot name with hex-name labels', () => {
    const game = smallGame();
    const ew = { ...game, board: { ...game.board, orientation: 'EW' as const, letterOrientation: 'vertical' as const, even: 'B' as const } };
    const renamed = { ...ew, board: { ...ew.board, hexes: ew.board.hexes.map((h) => ({ ...h, name: h.name.replace(/\d+/, (d) => String(Number(d) + 1)) })) } };
    const hexes = new Map(game.board.hexes.map((h, i) => [renamed.board.hexes[i]!.name, h.name]));
    const rename = (h: string) => [...hexes].find(([, old]) => old === h)![0];
    const st = { ...state, lays: state.lays.map((l) => ({ ...l, hex: rename(l.hex) })) };
    const fixed = { ...renamed, companies: renamed.companies.map((c) => ({ ...c, homes: c.homes.map((h) => ({ ...h, hex: rename(h.hex) })) })) };
    const bm = gameBoardMap(fixed, st);
    expect(bm.map.spec.orientation).toBe('pointy');
    expect(bm.map.meta.numbering).toBeUndefined();
    expect(bm.map.labels.map((l) => l.text).sort()).toEqual([...bm.tiles.keys()].sort());
    expect(boardMapProblems(new GameSession({ ...fixed, state: st }), bm)).toEqual([]);
  });
});
