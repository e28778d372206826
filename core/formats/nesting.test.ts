/**
 * Deep nesting (issue 14): nested Tiled groups and nested Rails <IfOption> blocks used to end
 * in "Maximum call stack size exceeded" with no file or place. Every reader now stops at
 * DEFAULT_LIMITS.maxNesting with one line naming the file, the place and the limit, and a
 * file nested just inside the limit still reads.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../util/input-error.js';
import { DEFAULT_LIMITS } from '../util/limits.js';
import { errorOf } from '../../test/support/formats.js';
import { parseXml } from '../util/xml.js';
import { parseTmx } from './tiled/tmx.js';
import { parseTmj } from './tiled/tmj.js';
import { parseRailsMap } from './rails/map-xml.js';

const DEEP = 100_000;

function tmxGroups(depth: number): string {
  return `<map version="1.10" orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8" infinite="0">${'<group name="g">'.repeat(depth)}<layer id="1" name="L" width="1" height="1"><data encoding="csv">0</data></layer>${'</group>'.repeat(depth)}</map>`;
}

function tmjGroups(depth: number): string {
  let layers = '[{"type":"tilelayer","name":"L","width":1,"height":1,"data":[0]}]';
  for (let k = 0; k < depth; k++) layers = `[{"type":"group","name":"g","layers":${layers}}]`;
  return `{"type":"map","orientation":"orthogonal","width":1,"height":1,"tilewidth":8,"tileheight":8,"layers":${layers}}`;
}

function railsIfOptions(depth: number): string {
  return `<Map tileOrientation="EW" letterOrientation="vertical" even="B">${'<IfOption name="V" value="a">'.repeat(depth)}<Hex name="B2"/>${'</IfOption>'.repeat(depth)}</Map>`;
}

describe('nesting limit', () => {
  it('XML nested 100 000 deep is one clear line, not a stack overflow', () => {
    const e = errorOf(() => parseXml(`${'<a>'.repeat(DEEP)}${'</a>'.repeat(DEEP)}`, 'deep.xml'));
    expect(e).toBeInstanceOf(InputError);
    expect(e.message).toMatch(new RegExp(`^deep\\.xml: line 1, column ${3 * DEFAULT_LIMITS.maxNesting + 1}: (malformed XML: )?expected elements nested at most ${DEFAULT_LIMITS.maxNesting} deep \\(docs/limits\\.md\\); <a> here is nested deeper$`));
  });

  it('TMX groups nested deeply are refused with the place; within the limit they read', () => {
    const e = errorOf(() => parseTmx(tmxGroups(DEEP), { source: 'groups.tmx' }));
    expect(e).toBeInstanceOf(InputError);
    expect(e.message).toMatch(/^groups\.tmx: line 1, column \d+: (malformed XML: )?expected elements nested at most 256 deep/);
    const ok = parseTmx(tmxGroups(DEFAULT_LIMITS.maxNesting - 3), { source: 'ok.tmx' });
    expect(ok.layers[0]!.groups).toHaveLength(DEFAULT_LIMITS.maxNesting - 3);
  });

  it('TMJ groups nested deeply are refused with the JSON path', () => {
    const e = errorOf(() => parseTmj(tmjGroups(2000), { source: 'groups.tmj' }));
    expect(e).toBeInstanceOf(InputError);
    expect(e.message).toMatch(/^groups\.tmj: \$\.layers\[0\]\.layers\[0\][^:]*… \(\d+ characters\): expected group layers nested at most 256 deep/);
    expect(e.message.length).toBeLessThan(240);
    expect(parseTmj(tmjGroups(200), { source: 'ok.tmj' }).layers[0]!.groups).toHaveLength(200);
  });

  it('Rails IfOption nested deeply is refused; nested a few deep it applies', () => {
    const e = errorOf(() => parseRailsMap(railsIfOptions(DEEP), 'Map.xml'));
    expect(e.message).toMatch(/^Map\.xml: line 1, column \d+: (malformed XML: )?expected elements nested at most 256 deep/);
    expect(parseRailsMap(railsIfOptions(20), 'Map.xml').hexes.map((h) => h.name)).toEqual(['B2']);
  });
});
