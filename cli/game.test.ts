import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './testing.js';
import { parseGame } from '../core/game/file.js';
import { mapFromJsonText } from '../core/map/map-json.js';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

const TILE_RB = `module Engine
  module Config
    module Tile
      YELLOW = {
        '7' => 'path=a:0,b:1',
        '8' => 'path=a:0,b:2',
        '9' => 'path=a:0,b:3',
        '57' => 'city=revenue:20;path=a:0,b:_0;path=a:_0,b:3',
      }.freeze
      GREEN = {
        '14' => 'city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0',
      }.freeze
    end
  end
end
`;

const MAP_RB = `module Engine
  module Game
    module GSmall
      module Map
        TILES = { '7' => 3, '8' => 3, '9' => 3, '57' => 2, '14' => 1 }.freeze
        LOCATION_NAMES = { 'B3' => 'Westport' }.freeze
        HEXES = {
          white: {
            %w[A2 A6 B1 B5 C2 C4 C6] => '',
            ['B3'] => 'city',
          },
          red: {
            ['A4'] => 'offboard=revenue:yellow_30|brown_60;path=a:5,b:_0',
          },
        }.freeze
        LAYOUT = :flat
      end
    end
  end
end
`;

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandtable-game-cli-'));
  mkdirSync(join(dir, 'config'));
  mkdirSync(join(dir, 'g_small'));
  writeFileSync(join(dir, 'config', 'tile.rb'), TILE_RB);
  writeFileSync(join(dir, 'g_small', 'map.rb'), MAP_RB);
});

function json(argv: string[]) {
  const r = runCli([...argv, '--json']);
  if (r.code !== 0) throw new Error(`exit ${r.code}: ${r.err}`);
  return JSON.parse(r.out);
}

describe('sandtable game', () => {
  it('imports an 18xx.games map.rb, plays a lay, a token and runs a train', () => {
    const g = join(dir, 'small.json');
    const imported = json(['game', 'import', join(dir, 'g_small', 'map.rb'), '-o', g]);
    expect(imported).toMatchObject({ kind: '18xx.games config', name: 'small', hexes: 9, manifest: 5, upgradesFrom: 'inferred', companies: [] });
    // map.rb has no companies: add one to the file, as a designer would.
    const game = JSON.parse(readFileSync(g, 'utf8'));
    game.companies = [{ id: 'PRR', homes: [{ hex: 'B3' }], tokens: 2 }];
    writeFileSync(g, JSON.stringify(game));
    expect(parseGame(readFileSync(g, 'utf8'), g).board.hexes.find((h) => h.name === 'B3')?.city).toBe('Westport');

    json(['game', 'token', g, '--company', 'PRR', '--hex', 'B3', '-o', g]);
    const lays = json(['game', 'lays', g, '--company', 'PRR', '--hex', 'B3', '--tile', '57']);
    expect(lays.tiles[0].rotations).toEqual([0, 2]);

    const refused = runCli(['game', 'lay', g, '--company', 'PRR', '--hex', 'B3', '--tile', '57', '--rotation', '1', '-o', g]);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe('sandtable game: 57 on B3 at rotation 1: the track to side 1 runs into a blank edge of A4\n');

    json(['game', 'lay', g, '--company', 'PRR', '--hex', 'B3', '--tile', '57', '--rotation', '0', '-o', g]);
    json(['game', 'lay', g, '--company', 'PRR', '--hex', 'B5', '--tile', '7', '--rotation', '2', '-o', g]);
    const reach = json(['game', 'reach', g, '--company', 'PRR']);
    expect(reach.hexes.map((h: { hex: string }) => h.hex).sort()).toEqual(['A4', 'B1', 'B3', 'B5']);
    const routes = json(['game', 'routes', g, '--company', 'PRR', '--trains', '2,3']);
    expect(routes.revenue).toBe(50);
    expect(routes.routes[0].stops.map((s: { hex: string }) => s.hex).sort()).toEqual(['A4', 'B3']);
    expect(routes.routes[0].hexes).toEqual(['A4', 'B5', 'B3']);
    expect(routes.routes[1]).toBeNull();

    const text = runCli(['game', 'routes', g, '--company', 'PRR', '--trains', '2']);
    expect(text.out).toContain('PRR in phase yellow: 50');
  });

  it('writes the board with its track as a map that `sandtable network` reads', () => {
    const g = join(dir, 'small-map.json');
    json(['game', 'token', join(here, '..', 'docs', 'examples', 'small-game.json'), '--company', 'PRR', '--hex', 'B3', '-o', g]);
    json(['game', 'lay', g, '--company', 'PRR', '--hex', 'B3', '--tile', '57', '--rotation', '0', '-o', g]);
    json(['game', 'lay', g, '--company', 'PRR', '--hex', 'B5', '--tile', '7', '--rotation', '2', '-o', g]);
    const board = join(dir, 'board.json');
    const made = json(['game', 'map', g, '-o', board]);
    expect(made).toMatchObject({ output: board, game: 'small', orientation: 'flat', numbering: '18xx', hexes: 17, trackHexes: 4, lays: 2 });
    const map = mapFromJsonText(readFileSync(board, 'utf8'));
    expect(map.networks!.size).toBe(4);
    const net = json(['network', board, '--kind', 'railroad']);
    const comps = net.kinds[0].components.map((c: { tiles: unknown[] }) => c.tiles.length).sort();
    // A4–B5–B3 joined by the lays; E4's gray city stands alone.
    expect(comps).toEqual([1, 3]);
    expect(runCli(['game', 'map', g]).err).toBe('sandtable game map: missing --output\n');
  });

  it('says what is wrong in one line', () => {
    expect(runCli(['game', 'routes', join(dir, 'nothing.json'), '--company', 'X', '--trains', '2']).err).toMatch(/^sandtable game: no such file/);
    expect(runCli(['game', 'dance', 'x']).err).toBe('sandtable game: expected import, lays, reach, routes, lay, token, phase or map, got "dance"\n');
    const r = runCli(['game', 'import', join(dir, 'g_small', 'map.rb'), '-o', join(dir, 'x.json')]);
    expect(r.code).toBe(0);
    expect(runCli(['game', 'routes', join(dir, 'x.json'), '--company', 'PRR', '--trains', '9Z']).err).toContain('a train is n (e.g. 3)');
  });
});
