import { describe, expect, it } from 'vitest';
import { importRailsGame } from '../formats/rails/game.js';
import { trackSides } from '../track/sides.js';
import { gameFromRails } from './rails-game.js';
import { openGame } from './session.js';
import { legalLays } from './lays.js';
import { placeToken } from './actions.js';

const TILES = `<Tiles>
  <Tile colour="white" id="0" name="empty"/>
  <Tile colour="white" id="-10" name="1 city"><Station id="city1" position="0" slots="1" type="City"/></Tile>
  <Tile colour="yellow" id="7" name="7"><Track from="side3" gauge="normal" to="side4"/></Tile>
  <Tile colour="yellow" id="57" name="57">
    <Station id="city1" position="0" slots="1" type="City" value="20"/>
    <Track from="city1" gauge="normal" to="side3"/>
    <Track from="city1" gauge="normal" to="side0"/>
  </Tile>
</Tiles>`;
const TILESET = `<TileManager>
  <Tile id="0"><Upgrade id="7"/></Tile>
  <Tile id="-10"><Upgrade id="57"/></Tile>
  <Tile id="7" quantity="2"/>
  <Tile id="57" quantity="1"/>
</TileManager>`;
const MAP = `<Map tileOrientation="NS" letterOrientation="horizontal" even="A">
  <Hex name="A2"/><Hex name="A4"/><Hex name="B3" tile="-10" city="Westport" label="B"/><Hex name="B5"/><Hex name="C4"/>
</Map>`;
const COMPANIES = `<CompanyManager>
  <CompanyType name="Private" class="net.sf.rails.game.PrivateCompany"/>
  <CompanyType name="Public" class="net.sf.rails.game.PublicCompany"/>
  <CompanyType name="Minor" class="net.sf.rails.game.specific._1835.PublicCompany_1835"/>
  <Company name="P1" type="Private" basePrice="20"/>
  <Company name="M1" type="Minor" tokens="1"><Home hex="C4"/></Company>
  <Company name="WR" type="Public" tokens="2" bgColour="60E060" longname="Western"><Home hex="B3" city="1"/></Company>
</CompanyManager>`;
const GAME = `<ComponentManager><Component name="PhaseManager" class="x">
  <Phase name="2"><Tiles colour="yellow"/></Phase>
  <Phase name="3"><Tiles colour="yellow,green"/></Phase>
  <Phase name="5"><OffBoardRevenue step="2"/></Phase>
</Component></ComponentManager>`;

describe('a game from a Rails game folder', () => {
  const rails = importRailsGame({ tiles: { text: TILES, source: 'Tiles.xml' }, tileSet: { text: TILESET, source: 'TileSet.xml' }, map: { text: MAP, source: 'Map.xml' } }, 'mini');
  const game = gameFromRails('mini', rails, { companies: { text: COMPANIES, source: 'CompanyManager.xml' }, game: { text: GAME, source: 'Game.xml' } });

  it("turns Rails' sides into 18xx.games' (Rails side 3 is side 0) and fills empty hexes with tile 0", () => {
    expect(trackSides(game.tiles.find((t) => t.id === '7')!)).toEqual([0, 1]);
    expect(trackSides(game.tiles.find((t) => t.id === '57')!)).toEqual([0, 3]);
    expect(game.board.hexes.find((h) => h.name === 'A2')!.tileId).toBe('0');
    expect(game.upgradesFrom).toBe('listed');
  });

  it('reads the companies that run trains (public, minor …) with homes (Rails cities count from 1) and phases that inherit', () => {
    expect(game.companies).toEqual([
      { id: 'M1', homes: [{ hex: 'C4' }], tokens: 1 },
      { id: 'WR', name: 'Western', homes: [{ hex: 'B3', city: 0 }], tokens: 2, colour: '#60e060' },
    ]);
    expect(game.phases).toEqual([
      { name: '2', colours: ['yellow'], offboardStep: 0 },
      { name: '3', colours: ['yellow', 'green'], offboardStep: 0 },
      { name: '5', colours: ['yellow', 'green'], offboardStep: 1 },
    ]);
  });

  it('plays: the home city (labelled B, as Rails labels hexes) takes the listed 57 in the rotations that stay on the board', () => {
    const s = openGame(game);
    placeToken(s, 'WR', 'B3', 0);
    // B3's neighbours: S B5, SW A4, NW A2, N B1 (absent), NE C2 (absent), SE C4.
    expect(legalLays(s, 'WR', 'B3', '57').tiles[0]!.rotations).toEqual([2]);
    expect(legalLays(s, 'WR', 'B3', '57').tiles[0]!.refused).toEqual([
      { rotation: 0, reason: 'the track to side 3 runs off the board' },
      { rotation: 1, reason: 'the track to side 4 runs off the board' },
    ]);
  });
});
