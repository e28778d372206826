/**
 * A network moved onto another grid tile for tile (classic ↔ AL-FORM, alform-transfer.ts):
 * each tile's codes go to its image, side ports renumbered to the image's side toward the
 * image of the tile across (so it holds across the globe's sector seams, where directions
 * turn), centre and junction ports and junction records unchanged.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { connectionKind, connectionLevel, encodeConnection, isSidePort, portA, portB } from './network-code.js';
import { NetworkLayer } from './network-layer.js';
import { NetworkSides } from './network-sides.js';
import type { TerrainMap } from './terrain-map.js';

/**
 * Copies `from`'s networks onto `to` (replacing any), tile t going to `imageOf[t]`; a tile
 * whose image is −1 (off a resized map) is left behind, and a side toward it stays numbered
 * as it was (a road running off the new map's edge).
 */
export function transferNetworks(from: TerrainMap, to: TerrainMap, imageOf: ArrayLike<number>): void {
  const src = from.networks;
  if (!src || src.isEmpty) return;
  const a = NetworkSides.of(from);
  const b = NetworkSides.of(to);
  const out = new NetworkLayer(to.tileCount);
  const side = (t: number, p: number): number => {
    const across = a.across(t, p);
    if (across < 0 || imageOf[across]! < 0) return p; // the map's rim: flat kinds number directions alike in both forms
    const s = b.sideToward(imageOf[t]!, imageOf[across]!);
    return s < 0 ? p : s;
  };
  for (const t of src.tiles()) {
    if (imageOf[t]! < 0) continue;
    const codes = src.at(t).map((c) => {
      const pa = portA(c);
      const pb = portB(c);
      return encodeConnection(isSidePort(pa) ? side(t, pa) : pa, isSidePort(pb) ? side(t, pb) : pb, connectionKind(c), connectionLevel(c));
    });
    out.set(imageOf[t]!, codes);
  }
  for (const t of src.junctionTiles()) if (imageOf[t]! >= 0) out.setJunctions(imageOf[t]!, src.junctionsAt(t));
  to.setNetworks(out.isEmpty ? null : out);
}
