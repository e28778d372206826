import { describe, expect, it } from 'vitest';
import { writeVectorTile } from '../../core/vector/json.js';
import { HEX } from '../../core/vector/shape.js';
import type { VectorTile } from '../../core/vector/types.js';
import { useServicesKit } from './services.testkit.js';

const kit = useServicesKit('sandtable-tile-editor-');
const { call } = kit;

const road: VectorTile = {
  id: 'my-road',
  name: 'My road',
  shape: HEX,
  elements: [{ id: 'line-1', kind: 'line', terrain: 'road', curve: { closed: false, points: [[-1, 0], [-0.3, 0.2], [0.3, -0.2], [1, 0]] } }],
};

describe('tiles.save', () => {
  it('stores a drawn tile with its allowed orientations, and saving again replaces it', async () => {
    const saved = await call('tiles.save', { tile: writeVectorTile(road), orientations: ['r0', 'r180'], tags: ['road'] });
    expect(saved).toEqual({ id: 'my-road', name: 'My road', shape: 'hex', orientations: ['r0', 'r180'], elements: 1 });
    const again = await call('tiles.save', { tile: writeVectorTile({ ...road, elements: [...road.elements, { id: 'p', kind: 'point', terrain: 'clear', at: [0, 0.5] }] }) });
    expect(again.elements).toBe(2);
    expect(again.orientations.length).toBe(12);
  });

  it('refuses a tile core rejects in one line naming the field, storing nothing', async () => {
    const bad = { ...road, id: 'bad-one', elements: [{ ...road.elements[0]!, terrain: 'no-such-terrain' }] } as VectorTile;
    await expect(call('tiles.save', { tile: writeVectorTile(bad) })).rejects.toThrow(/^tiles\.save: \$\.tile: .*no-such-terrain/);
    await expect(call('tiles.save', { tile: '{"format": ' })).rejects.toThrow(/^tiles\.save: \$\.tile/);
    const second = await call('tiles.save', { tile: writeVectorTile({ ...road, id: 'bad-one' }) });
    expect(second.id).toBe('bad-one');
  });
});
