/**
 * The assembly bench's translation to its peer (bench/wfc-peer.ts): the relation the
 * `wavefunctioncollapse` SimpleTiledModel compiles from the pairs it is given equals the
 * relation Sandtable's library holds — every pair the peer allows fits, every pair that fits
 * the peer allows, in all four directions — and mxgmn's Knots data equals its drawing as
 * vector tiles (bench/knots.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OFFSET_ROAD_TILES, ROAD_TILES } from '../core/assemble/assemble.testkit.js';
import { AssemblyLibrary } from '../core/assemble/library.js';
import { ShapeClass } from '../core/assemble/topology.js';
import { importSvg } from '../core/vector/svg.js';
import type { VectorTile } from '../core/vector/types.js';
import { listVectorTileFiles } from '../node/formats/vector-files.js';
import { KNOTS_DATA, KNOTS_SYMMETRY, KNOTS_TILES } from '../bench/knots.js';
import { PEER_SLOTS, SYMMETRIES, fitsAcross, peerTilesetOf, relationMismatches, runPeer, variantCandidates, wfc } from '../bench/wfc-peer.js';

const library = (tiles: readonly VectorTile[], weights?: Record<string, number>) => new AssemblyLibrary(tiles, { shapeClasses: [ShapeClass.SQUARE], ...(weights ? { weights } : {}) });
const model = (data: typeof KNOTS_DATA) => new wfc.SimpleTiledModel(data, null, 2, 2, false);

describe('the peer translation', () => {
  it('maps the peer directions onto the square slots facing x − 1, y + 1, x + 1, y − 1', () => {
    expect(PEER_SLOTS).toEqual([3, 0, 1, 2]);
  });

  for (const [name, tiles] of [['road tiles', ROAD_TILES], ['off-centre road tiles (mirrors matter)', OFFSET_ROAD_TILES]] as const) {
    for (const merge of [false, true]) {
      it(`${name}, ${merge ? 'symmetric variants merged' : 'all 8 orientations'}: the peer's relation is the library's`, () => {
        const lib = library(tiles);
        const t = peerTilesetOf(lib, merge);
        const m = model(t.data);
        expect(m.T).toBe(t.candidates.length);
        // Every pair handed over is one the library says fits (left's east edge against right's west).
        const names = t.data.tiles.flatMap((x) => Array.from({ length: SYMMETRIES[x.symmetry!]!.count }, (_, v) => `${x.name} ${v}`));
        for (const p of t.data.neighbors) expect(fitsAcross(lib, t.candidates[names.indexOf(p.left)]!, 1, t.candidates[names.indexOf(p.right)]!)).toBe(true);
        expect(relationMismatches(m, lib, t.candidates)).toEqual([]);
        // Merging keeps every candidate's edges: each is some variant's, up to identical signatures.
        const k = lib.classes[ShapeClass.SQUARE]!;
        const key = (c: number) => `${k.sig.subarray(c * 4, c * 4 + 4).join()}|${k.want.subarray(c * 4, c * 4 + 4).join()}`;
        const covered = new Set(t.candidates.map(key));
        for (let c = 0; c < k.count; c++) expect(covered.has(key(c))).toBe(true);
        if (!merge) expect(t.candidates.length).toBe(k.count);
      });
    }
  }

  it('merges a plain tile to one variant and a straight road to two', () => {
    const t = peerTilesetOf(library(ROAD_TILES), true);
    const sym = Object.fromEntries(t.data.tiles.map((x) => [x.name, x.symmetry]));
    expect(sym).toMatchObject({ straight: 'I', cross: 'X', bend: 'L', tee: 'T' });
  });

  it('the starter square tiles: the peer relation equals the library, both ways', () => {
    const dir = new URL('../resources/tiles/starter/square', import.meta.url).pathname;
    const tiles = listVectorTileFiles(dir).map((p) => importSvg(readFileSync(p, 'utf8'), p).tile);
    const lib = library(tiles);
    for (const merge of [false, true]) {
      const t = peerTilesetOf(lib, merge);
      expect(relationMismatches(model(t.data), lib, t.candidates)).toEqual([]);
    }
  });

  it("mxgmn's Knots pairs are the edge matching of the Knots vector tiles", () => {
    const tiles = KNOTS_DATA.tiles.map((x) => ({ name: x.name, symmetry: x.symmetry! }));
    const lib = library(KNOTS_TILES, Object.fromEntries(Object.entries(KNOTS_SYMMETRY).map(([n, s]) => [n, SYMMETRIES[s]!.count])));
    const m = model(KNOTS_DATA);
    expect(m.T).toBe(13);
    expect(relationMismatches(m, lib, variantCandidates(lib, tiles))).toEqual([]);
  });

  it('a peer run that finishes is checked against the library', () => {
    const lib = library(ROAD_TILES);
    const r = runPeer(peerTilesetOf(lib, true), lib, 6, 5, 3, 10_000);
    expect(r).toMatchObject({ ok: true, violations: 0 });
  });
});
