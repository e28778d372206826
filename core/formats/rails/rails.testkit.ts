/**
 * A small valid Rails Tiles.xml for the tests: the unit tests of the reader and the
 * importer fuzz suite start from the same file.
 */

/** Two tiles: a yellow city with two tracks, and a grey narrow-gauge plain track. */
export const RAILS_TILES_XML = `<Tiles>
  <Tile colour="yellow" id="57" name="57">
    <Station id="city1" position="0" slots="1" type="City" value="20"/>
    <Track from="city1" gauge="normal" to="side3"/>
    <Track from="city1" to="side0"/>
  </Tile>
  <Tile colour="Grey" id="-7"><Track from="side2" gauge="narrow" to="side1"/></Tile>
</Tiles>`;
