import { describe, expect, it } from 'vitest';
import { InputError } from '../util/input-error.js';
import { edgeIndicators } from './indicators.js';
import { vectorTileToJson } from './json.js';
import { HEX } from './shape.js';
import { exportSvg, importSvg } from './svg.js';
import { parsePathData } from './svg-path.js';
import { CLEARING_TILE, HEX_TILE, OFFSET_TILE, PENTAGON_TILE, SQUARE_TILE } from './vector.testkit.js';

const R = 2 / Math.sqrt(3);

/** What an Inkscape user might save: groups with transforms, an arc, relative commands, text and a gradient. */
const INKSCAPE = `<?xml version="1.0" encoding="UTF-8"?>
<!-- drawn by hand -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" data-shape="hex" data-tile-id="ford" viewBox="0 0 ${200 * R} 200">
  <defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs>
  <g transform="translate(${100 * R} 100) scale(100)">
    <path id="river" data-terrain="river" d="M -0.2 -1 c 0.1 0.5 0.3 0.9 0.25 2" fill="none"/>
    <g transform="scale(-1 1)">
      <path id="wood" data-terrain="forest" data-side="right" d="M ${-0.75 * R} -0.5 L 0.2 -0.1 L ${0.75 * R} 0.5"/>
    </g>
    <path id="lake" data-terrain="lake" data-side="left" d="M 0.3 0.3 A 0.1 0.1 0 1 0 0.5 0.3 A 0.1 0.1 0 1 0 0.3 0.3 Z"/>
    <circle id="peak" data-terrain="peak" cx="-0.3" cy="0.2" r="0.02"/>
    <text x="0" y="0">Ford</text>
    <rect x="0" y="0" width="0.1" height="0.1"/>
  </g>
</svg>`;

describe('SVG in and out', () => {
  it('export → import gives back every hand-made tile exactly', () => {
    for (const tile of [SQUARE_TILE, CLEARING_TILE, OFFSET_TILE, HEX_TILE, PENTAGON_TILE]) {
      const svg = exportSvg(tile);
      expect(svg).toContain(`data-shape="${tile.shape.name}"`);
      const back = importSvg(svg, 'tile.svg');
      expect(back.warnings).toEqual([]);
      expect(vectorTileToJson(back.tile)).toEqual(vectorTileToJson(tile));
    }
  });

  it('reads an Inkscape-style drawing: transforms, mirrored sides, arcs; ignores text and gradients with a warning; import → export → import is the identity', () => {
    const first = importSvg(INKSCAPE, 'ford.svg');
    expect(first.warnings.join('\n')).toMatch(/<linearGradient> ignored[\s\S]*<text> ignored/);
    expect(first.tile.id).toBe('ford');
    expect(first.tile.shape).toBe(HEX);
    const ind = edgeIndicators(first.tile);
    // The river runs from the top edge to the bottom edge; the forest edge, drawn mirrored, has the forest on the south-east.
    expect(ind.find((e) => e.dir === 0)!.positions.map((p) => p.element)).toEqual(['river']);
    expect(ind.find((e) => e.dir === 3)!.positions.map((p) => p.element)).toEqual(['river']);
    const wood = first.tile.elements.find((e) => e.id === 'wood')!;
    expect(wood.kind === 'area' && wood.side).toBe('left');
    expect(ind.map((e) => e.presence.join())).toEqual(['', '', 'forest', 'forest', '', '']);
    const lake = first.tile.elements.find((e) => e.id === 'lake')!;
    expect(lake.kind === 'area' && lake.curve.closed).toBe(true);
    const second = importSvg(exportSvg(first.tile), 'again.svg');
    expect(vectorTileToJson(second.tile)).toEqual(vectorTileToJson(first.tile));
    const third = importSvg(exportSvg(second.tile), 'again.svg');
    expect(exportSvg(third.tile)).toBe(exportSvg(second.tile));
  });

  it('path data: every command, relative and absolute, H/V/S/T shorthands and packed arc flags', () => {
    const sub = parsePathData('M0 0h1v1H0V0zm2 2l1 0 0 1c.5 0 1 .5 1 1s1 1 1 2q1 0 1 1t1 1a1 1 0 0011 1');
    expect(sub).toHaveLength(2);
    expect(sub[0]!.closed).toBe(true);
    expect(sub[0]!.cubics).toHaveLength(4);
    const last = sub[1]!.cubics[sub[1]!.cubics.length - 1]!;
    expect(last[3]).toEqual([18, 9]);
    expect(() => parsePathData('M 0 0 L 1')).toThrow(/expected a number/);
  });

  it('bad files give one InputError naming the file and the element', () => {
    const bad = (svg: string) => {
      try {
        importSvg(svg, 'bad.svg');
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        return (e as Error).message;
      }
      throw new Error('expected an error');
    };
    const head = '<svg data-shape="square" viewBox="-1 -1 2 2">';
    expect(bad('<svg viewBox="-1 -1 2 2"/>')).toMatch(/bad\.svg: line 1, column 1 \(\/svg\/@data-shape\): expected data-shape=/);
    expect(bad('<svg data-shape="hex" viewBox="0 0 1 1"/>')).toMatch(/aspect ratio/);
    expect(bad(`${head}<path id="f" data-terrain="forest" data-height="3" d="M -1 0 L 0 1"/></svg>`)).toMatch(/\(\/svg\/path\/@data-side\): area "f" needs data-side/);
    expect(bad(`${head}<path id="r" data-terrain="road" d="M -1 0 L 1 0 L 0.5 0.5"/></svg>`)).toMatch(/\/svg\/path\): line "r": touches the tile's edge in its middle/);
    expect(bad(`${head}<circle id="p" data-terrain="peak" cx="3" cy="0"/></svg>`)).toMatch(/\/svg\/circle\): point "p": lies outside the tile/);
    expect(bad(`${head}<path id="r" data-terrain="road" d="M -1 -1 L 0 0"/></svg>`)).toMatch(/its start lies on a vertex/);
    expect(bad(`${head}<path data-terrain="road" d="M 0 0 X"/></svg>`)).toMatch(/\/svg\/path\/@d\): path data/);
    expect(bad(`${head}<g transform="rotate(nope)"><path data-terrain="road" d="M 0 0 L .5 .5"/></g></svg>`)).toMatch(/@transform/);
    expect(bad('<!DOCTYPE svg [<!ENTITY a "b">]><svg/>')).toMatch(/bad\.svg/);
  });
});
