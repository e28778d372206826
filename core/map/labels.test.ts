import { describe, expect, it } from 'vitest';
import { TerrainMap } from './terrain-map.js';
import { addLabel, chainAlong, DEFAULT_LABEL_SIZE, nextLabelId, placeLabel, readLabels, removeLabel, updateLabel, type MapLabel } from './labels.js';
import { mapFromJsonText, mapToJsonText } from './map-json.js';

const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 8, height: 6 }, palette: ['clear'] });
const grid = map.grid;

describe('the label layer', () => {
  it('adds labels with fresh ids and the style defaults', () => {
    const a = addLabel(grid, [], { text: 'Bastogne', anchor: { tile: 9 }, style: 'place' });
    expect(a.label).toEqual({ id: 'l1', text: 'Bastogne', anchor: { tile: 9 }, style: 'place', size: DEFAULT_LABEL_SIZE.place, rotation: 0 });
    const b = addLabel(grid, a.labels, { text: 'Note', anchor: { point: [1.5, 2] }, style: 'note', size: 1, rotation: 30 });
    expect(b.labels.map((l) => l.id)).toEqual(['l1', 'l2']);
    expect(nextLabelId([{ ...a.label, id: 'l7' }])).toBe('l8');
  });

  it('moves, edits and deletes by id, leaving the others as they were', () => {
    const { labels } = addLabel(grid, [], { text: 'A', anchor: { tile: 1 }, style: 'hex' });
    const two = addLabel(grid, labels, { text: 'B', anchor: { tile: 2 }, style: 'hex' }).labels;
    const moved = updateLabel(grid, two, 'l2', { anchor: { point: [3, 4] }, text: 'Bee' });
    expect(moved[1]).toMatchObject({ id: 'l2', text: 'Bee', anchor: { point: [3, 4] } });
    expect(moved[0]).toBe(two[0]);
    expect(removeLabel(moved, 'l1').map((l) => l.id)).toEqual(['l2']);
    expect(() => removeLabel(moved, 'l9')).toThrow('this map has no label "l9"');
    expect(() => updateLabel(grid, moved, 'l1', { text: '   ' })).toThrow('label "l1": $[0].text: expected one line');
  });

  it('places a tile label on the tile centre and a river name along its chain, turned to read left to right', () => {
    const c = grid.center(9);
    const onTile = placeLabel(map, { id: 'l1', text: 'X', anchor: { tile: 9 }, style: 'place', size: 0.5, rotation: 90 });
    expect(onTile).toEqual({ x: c[0], y: c[1], angle: Math.PI / 2, height: 0.5 * grid.spacing() });
    // A chain of three tiles along a row, drawn right to left: the name sits on the middle tile, upright.
    const row = [grid.index([4, 2]), grid.index([3, 2]), grid.index([2, 2])];
    const river: MapLabel = { id: 'r', text: 'Meuse', anchor: { along: row }, style: 'river', size: 0.3, rotation: 0 };
    const p = placeLabel(map, river);
    const mid = grid.center(row[1]!);
    expect(p.x).toBeCloseTo(mid[0]!, 9);
    expect(Math.abs(p.angle)).toBeLessThanOrEqual(Math.PI / 2);
  });

  it('refuses bad labels with the path of the problem', () => {
    const ok = { id: 'l1', text: 'A', anchor: { tile: 0 }, style: 'place', size: 0.4, rotation: 0 };
    const cases: [unknown, string][] = [
      [[{ ...ok, anchor: { tile: 48 } }], 'x: $[0].anchor.tile: expected an integer 0…47'],
      [[{ ...ok, style: 'title' }], 'x: $[0].style: expected one of'],
      [[ok, ok], 'x: $[1].id: label id "l1" is used twice'],
      [[{ ...ok, anchor: { along: [0, 5] } }], 'x: $[0].anchor.along[1]: expected a neighbour of tile 0'],
      [[{ ...ok, anchor: { tile: 1, point: [0, 0] } }], 'x: $[0].anchor: expected one of {"tile"}'],
      [[{ ...ok, size: 0 }], 'x: $[0].size'],
      [[{ ...ok, colour: 'red' }], 'x: $[0]'],
    ];
    for (const [value, message] of cases) expect(() => readLabels(value, grid, 'x')).toThrow(message);
  });

  it('travels in the map JSON and back, and a map without labels writes no key', () => {
    const m = map.clone();
    expect(mapToJsonText(m)).not.toContain('labels');
    m.labels = addLabel(grid, [], { text: 'Ourthe', anchor: { along: [0, 1] }, style: 'river' }).labels;
    const back = mapFromJsonText(mapToJsonText(m), 'm.json');
    expect(back.labels).toEqual(m.labels);
    expect(back.clone().labels).toEqual(m.labels);
  });

  it('finds the chain a river name is set along: through the clicked tile, both ways, each a neighbour of the last', () => {
    const row = Array.from(grid.line(grid.index([1, 3]), grid.index([7, 3])));
    expect(row.length).toBeGreaterThanOrEqual(6);
    const chain = chainAlong(grid, row, row[2]!, 2);
    expect(chain).toHaveLength(5);
    expect(chain).toContain(row[2]);
    for (let k = 1; k < chain.length; k++) expect(grid.distance(chain[k - 1]!, chain[k]!)).toBe(1);
    expect(chainAlong(grid, [row[0]!], row[0]!)).toEqual([row[0]]);
  });
});
