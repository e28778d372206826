import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HexRectangleGrid } from '../grid/hex/hex-rectangle.js';
import type { HexNaming18xx } from './names-18xx.js';
import { formatHexName, hexNameToTile, hexNamesPlacement, parseHexName, tileToHexName } from './names-18xx.js';
import { externalPath } from '../../test/support/formats.js';

/** Screen-aligned (h left→right, v top→down) of a name, and the 18xx adjacency in doubled coordinates. */
function screen(naming: HexNaming18xx, name: string): [number, number] {
  const { letter, number } = parseHexName(name);
  return naming.letterOrientation === 'vertical' ? [number, letter] : [letter, number];
}
function adjoin18xx(naming: HexNaming18xx, a: string, b: string): boolean {
  const [ah, av] = screen(naming, a);
  const [bh, bv] = screen(naming, b);
  const dh = Math.abs(ah - bh);
  const dv = Math.abs(av - bv);
  // EW (pointy): same row two apart, or next row one apart; NS (flat): the same turned.
  if (naming.tileOrientation === 'EW') return (dv === 0 && dh === 2) || (dv === 1 && dh === 1);
  return (dh === 0 && dv === 2) || (dh === 1 && dv === 1);
}

/** Checks a board: names ↔ tiles both ways, adjacency, and the picture (up to translation). */
function checkBoard(naming: HexNaming18xx, names: string[]): HexRectangleGrid {
  const { size, rotation } = hexNamesPlacement(names, naming);
  const g = new HexRectangleGrid(size.width, size.height);
  const tiles = names.map((n) => hexNameToTile(g, naming, n));
  expect(new Set(tiles).size).toBe(names.length);
  names.forEach((n, i) => expect(tileToHexName(g, naming, tiles[i]!)).toBe(n));
  const layout = { size: 1, origin: [0, 0] as const, rotation };
  let offset: [number, number] | null = null;
  for (let i = 0; i < names.length; i++) {
    for (let j = 0; j < names.length; j++) {
      expect(g.distance(tiles[i]!, tiles[j]!) === 1, `${names[i]} – ${names[j]}`).toBe(adjoin18xx(naming, names[i]!, names[j]!));
    }
    // Doubled axis: half a spacing a step; straight axis: √3/2 (rows of pointy hexes, columns of flat ones).
    const [h, v] = screen(naming, names[i]!);
    const [px, py] = naming.tileOrientation === 'EW' ? [h / 2, (v * Math.sqrt(3)) / 2] : [(h * Math.sqrt(3)) / 2, v / 2];
    const [cx, cy] = g.center(tiles[i]!, layout);
    offset ??= [cx! - px, cy! + py];
    expect(cx! - px).toBeCloseTo(offset[0], 9);
    expect(cy! + py).toBeCloseTo(offset[1], 9);
  }
  return g;
}

describe('18xx hex names', () => {
  it('parse and format letters A…Z, AA, AB … and numbers from 0', () => {
    expect(parseHexName('A1')).toEqual({ letter: 0, number: 1 });
    expect(parseHexName('H0')).toEqual({ letter: 7, number: 0 }); // 1830's off-board hexes
    expect(parseHexName('F20')).toEqual({ letter: 5, number: 20 });
    expect(parseHexName('Z3')).toEqual({ letter: 25, number: 3 });
    expect(parseHexName('AA10')).toEqual({ letter: 26, number: 10 });
    expect(parseHexName('AB12')).toEqual({ letter: 27, number: 12 });
    expect(parseHexName('ZZ5')).toEqual({ letter: 701, number: 5 });
    expect(parseHexName('AAA1')).toEqual({ letter: 702, number: 1 });
    for (let l = 0; l < 1000; l++) expect(parseHexName(formatHexName(l, 7))).toEqual({ letter: l, number: 7 });
  });

  it('reject malformed names with clear messages', () => {
    expect(() => parseHexName('a1')).toThrow('an 18xx hex name is capital letters then a number (e.g. "F20"), got "a1"');
    expect(() => parseHexName('A')).toThrow('got "A"');
    expect(() => parseHexName('12')).toThrow('got "12"');
    expect(() => parseHexName('A-1')).toThrow('got "A-1"');
    expect(() => parseHexName('A01')).toThrow('must not have leading zeros, got "A01"');
    expect(() => formatHexName(-1, 3)).toThrow('letter index must be an integer ≥ 0');
    expect(() => formatHexName(0, -1)).toThrow('18xx hex number must be an integer ≥ 0, got -1');
  });

  for (const tileOrientation of ['EW', 'NS'] as const) {
    for (const letterOrientation of ['vertical', 'horizontal'] as const) {
      for (const even of ['A', 'B'] as const) {
        const naming: HexNaming18xx = { tileOrientation, letterOrientation, even };
        it(`${tileOrientation}, letters ${letterOrientation}, even="${even}": names ↔ tiles, adjacency and picture`, () => {
          const names: string[] = [];
          for (let l = 0; l < 7; l++) for (let n = 0; n <= 12; n++) if ((l + n) % 2 === (even === 'A' ? 0 : 1)) names.push(formatHexName(l, n));
          const g = checkBoard(naming, names);
          // Every other tile of the map either has a name that leads back to it or lies just off the named board.
          let unnamed = 0;
          for (let t = 0; t < g.tileCount; t++) {
            let name: string | null = null;
            try {
              name = tileToHexName(g, naming, t);
            } catch (e) {
              expect(String(e)).toContain('lies outside the named board');
              unnamed++;
            }
            if (name !== null) expect(hexNameToTile(g, naming, name)).toBe(t);
          }
          expect(unnamed).toBeLessThanOrEqual(Math.max(g.width, g.height));
        });
      }
    }
  }

  it('shows EW boards pointy-top with our direction 0 pointing east', () => {
    const naming: HexNaming18xx = { tileOrientation: 'EW', letterOrientation: 'vertical', even: 'B' };
    const g = new HexRectangleGrid(4, 6);
    expect(tileToHexName(g, naming, g.neighbor(hexNameToTile(g, naming, 'B4'), 0))).toBe('B6');
    expect(tileToHexName(g, naming, g.neighbor(hexNameToTile(g, naming, 'B4'), 2))).toBe('C3');
    expect(hexNamesPlacement(['A1'], naming).rotation).toBe(270);
  });

  it('rejects names that do not exist or are off the map', () => {
    const naming: HexNaming18xx = { tileOrientation: 'EW', letterOrientation: 'vertical', even: 'B' };
    const g = new HexRectangleGrid(4, 6);
    expect(() => hexNameToTile(g, naming, 'B3')).toThrow('18xx hex "B3" does not exist on a board with even="B"');
    expect(() => hexNameToTile(g, naming, 'Z98')).toThrow('18xx hex "Z98" is not on this hex-rectangle 4x6 map');
    expect(() => hexNameToTile(g, naming, 'ZZ0')).toThrow('18xx hex "ZZ0" is not on this hex-rectangle 4x6 map');
    expect(() => hexNameToTile(g, { ...naming, even: 'A' }, 'ZZ0')).toThrow('18xx hex "ZZ0" does not exist on a board with even="A"');
    expect(() => hexNameToTile(new HexRectangleGrid(4, 6, undefined, 'alform'), naming, 'A1')).toThrow(
      '18xx hex names apply to classic hex-rectangle maps, got hex-rectangle 4x6 (alform)',
    );
    expect(() => hexNameToTile(g, { ...naming, even: 'C' as 'A' }, 'A1')).toThrow('18xx even must be "A" or "B", got "C"');
    expect(() => hexNameToTile(g, { ...naming, tileOrientation: 'ew' as 'EW' }, 'A1')).toThrow('18xx tileOrientation must be "EW" or "NS", got "ew"');
  });
});

// The 1830 board from Rails (shared/external-data; see its README).
const mapXml = externalPath('18xx/rails/1830/Map.xml');
const haveData = mapXml !== null;

describe.skipIf(!haveData)('Rails 1830 Map.xml', () => {
  it('names every hex of the board, with adjacency, impassable hexsides and picture right', () => {
    const xml = readFileSync(mapXml!, 'utf8');
    const head = /<Map [^>]*>/.exec(xml)![0];
    const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(head)![1]!;
    const naming: HexNaming18xx = {
      tileOrientation: attr('tileOrientation') as 'EW',
      letterOrientation: attr('letterOrientation') as 'vertical',
      even: attr('even') as 'A' | 'B',
    };
    expect(naming).toEqual({ tileOrientation: 'EW', letterOrientation: 'vertical', even: 'B' });
    const hexes = [...xml.matchAll(/<Hex name="([A-Z]+[0-9]+)"([^>]*)>/g)];
    const names = [...new Set(hexes.map((m) => m[1]!))];
    expect(names.length).toBeGreaterThan(90);
    const g = checkBoard(naming, names);
    expect(g.width).toBe(13); // rows A … M
    // `impassable` names a neighbouring hex across a blocked hexside.
    let impassable = 0;
    for (const m of hexes) {
      const blocked = /impassable="([^"]*)"/.exec(m[2]!);
      if (!blocked) continue;
      for (const other of blocked[1]!.split(',')) {
        impassable++;
        expect(g.distance(hexNameToTile(g, naming, m[1]!), hexNameToTile(g, naming, other.trim())), `${m[1]} | ${other}`).toBe(1);
      }
    }
    expect(impassable).toBeGreaterThanOrEqual(4);
  });
});
