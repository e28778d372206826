/**
 * An 18xx board as a Sandtable map (issue 26 item 5: "a board is a map with a network
 * layer"): the classic hex-rectangle holding every named hex (core/track/board-grid.ts), flat
 * for Rails "NS" boards and pointy for "EW" ones, the board's hexes painted `clear`, and a
 * network layer of kind `railroad` holding every preprinted and laid tile's track at its
 * rotation (core/track/track-network.ts), its junctions with token slots and the revenue they
 * pay in the state's phase (revenue.ts). So `sandtable network`, the exports and the app draw
 * and check the board's track as any map's railroads.
 *
 * Numbering: a board named the way Sandtable's 18xx numbering names a map of its orientation
 * (core/coords NAMINGS_18XX: flat boards letters across with A even, pointy boards letters
 * down with A even) gets `meta.numbering = '18xx'`, whose numbers are then the board's names;
 * any other board (1830: `even="B"`) would be misnumbered by it, so its hex names are written
 * as `hex` labels near each hex's top instead.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { TerrainMap } from '../map/terrain-map.js';
import { NetworkLayer } from '../map/network-layer.js';
import type { MapLabel } from '../map/labels.js';
import { DEFAULT_LABEL_SIZE } from '../map/labels.js';
import { HexRectangleGrid } from '../grid/hex/hex-rectangle.js';
import { NAMINGS_18XX } from '../coords/forms.js';
import { boardHexTile, boardNaming, boardPlacement } from '../track/board-grid.js';
import { trackTileNetwork } from '../track/track-network.js';
import type { Board } from '../track/types.js';
import { GameSession } from './session.js';
import { nodeRevenue } from './revenue.js';
import type { Game, GameState } from './types.js';

/** The terrain the board's hexes are painted with and the network kind of its track. */
export const BOARD_GROUND = 'clear';
export const BOARD_TRACK = 'railroad';

export interface BoardMap {
  readonly map: TerrainMap;
  /** Board hex name → map tile. */
  readonly tiles: ReadonlyMap<string, number>;
}

/** Whether Sandtable's 18xx numbering of a map of the board's orientation gives the board's own names. */
export function boardNumberedAsMap(board: Board): boolean {
  const n = boardNaming(board);
  const std = NAMINGS_18XX[board.orientation === 'EW' ? '18xx-ew' : '18xx-ns'];
  return n.letterOrientation === std.letterOrientation && n.even === std.even;
}

/** The board of `game` with `state` (default: the game's own) as a map with its track. */
export function gameBoardMap(game: Game, state: GameState = game.state): BoardMap {
  const session = new GameSession({ ...game, state });
  const board = game.board;
  const { size } = boardPlacement(board);
  const numbered = boardNumberedAsMap(board);
  const map = TerrainMap.create({
    size,
    orientation: board.orientation === 'EW' ? 'pointy' : 'flat',
    palette: [BOARD_GROUND, BOARD_TRACK],
    meta: numbered ? { name: game.name, numbering: '18xx' } : { name: game.name },
  });
  const grid = map.grid;
  if (!(grid instanceof HexRectangleGrid)) throw new Error(`${game.name}: the board's map is a ${grid.kind}, not a hex rectangle`);
  const ground = map.palette.indexOf(BOARD_GROUND) + 1;
  const track = map.palette.indexOf(BOARD_TRACK) + 1;
  const layer = new NetworkLayer(map.tileCount);
  const tiles = new Map<string, number>();
  const labels: MapLabel[] = [];
  const net = session.net;
  board.hexes.forEach((hex, k) => {
    const t = boardHexTile(grid, board, hex.name);
    tiles.set(hex.name, t);
    map.layers.terrain[t] = ground;
    if (!numbered) labels.push(hexNameLabel(map, t, hex.name, labels.length + 1));
    const on = net.hexTiles[k]!;
    if (on.tileId === undefined) return;
    const base = net.tiles.get(on.tileId)!;
    const revenueById = new Map(net.hexNodes[k]!.map((n) => [net.nodes[n]!.junction.id, nodeRevenue(session, n)]));
    const contents = trackTileNetwork(base, on.rotation, board.orientation, track, {
      revenues: base.junctions.map((j) => revenueById.get(j.id) ?? j.revenue),
      names: base.junctions.map((j) => (hex.city && j.type !== 'junction' ? hex.city : undefined)),
    });
    layer.set(t, contents.codes);
    layer.setJunctions(t, contents.junctions);
  });
  if (!layer.isEmpty) map.setNetworks(layer);
  map.labels = labels;
  return { map, tiles };
}

/** The hex's printed name, small, near the top of the hex (where 18xx boards print it). */
function hexNameLabel(map: TerrainMap, tile: number, name: string, n: number): MapLabel {
  const [x, y] = map.grid.center(tile) as [number, number];
  const up = map.grid.spacing() * 0.36;
  return { id: `l${n}`, text: name, anchor: { point: [x, y + up] }, style: 'hex', size: DEFAULT_LABEL_SIZE.hex * 0.8, rotation: 0 };
}
