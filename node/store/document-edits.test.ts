/**
 * Labels and resizes as journal steps (document-edits.ts): each is one undo step, undo and
 * redo put the stored labels (or the whole map) back, a new edit drops the redo tail, and
 * tile edits before and after a resize still undo in order.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { addLabel, removeLabel, updateLabel } from '../../core/map/labels.js';
import { resizeMap } from '../../core/map/resize.js';
import { loadDefaultCatalogue } from '../../core/terrain/catalogue.testkit.js';
import { openStores } from './store.testkit.js';

const stores = openStores();
afterEach(stores.closeAll);

function sample(): TerrainMap {
  return TerrainMap.create({ size: { kind: 'hex-rectangle', width: 6, height: 5 }, palette: ['clear', 'forest'], meta: { name: 'Ardennes' } });
}

describe('label edits in the journal', () => {
  it('stores labels with the map, and each add, move and delete is one undo step', () => {
    const project = stores.project();
    const map = sample();
    map.labels = addLabel(map.grid, [], { text: 'Bastogne', anchor: { tile: 7 }, style: 'place' }).labels;
    project.maps.put(map, { id: 'm' });
    expect(project.maps.load('m').labels).toEqual(map.labels);

    const one = map.labels;
    const two = addLabel(map.grid, one, { text: 'Ourthe', anchor: { along: [0, 1] }, style: 'river' }).labels;
    project.documents.setLabels('m', one, two, 'Add label');
    const moved = updateLabel(map.grid, two, 'l1', { anchor: { point: [2, 3] } });
    project.documents.setLabels('m', two, moved, 'Move label');
    const gone = removeLabel(moved, 'l2');
    project.documents.setLabels('m', moved, gone, 'Delete label');
    expect(project.maps.load('m').labels).toEqual(gone);
    expect(project.journal.history('m').map((e) => e.label)).toEqual(['Add label', 'Move label', 'Delete label']);

    expect(project.undo('m')).toMatchObject({ label: 'Delete label', changes: [], document: { kind: 'labels', labels: moved } });
    expect(project.undo('m')?.document).toEqual({ kind: 'labels', labels: two });
    expect(project.maps.load('m').labels).toEqual(two);
    expect(project.redo('m')?.document).toEqual({ kind: 'labels', labels: moved });
    expect(project.maps.load('m').labels).toEqual(moved);
    // A new edit drops the redo tail (and its document rows).
    project.documents.setLabels('m', moved, one, 'Delete label');
    expect(project.redo('m')).toBeNull();
    expect(project.db.prepare('SELECT count(*) FROM document_edits').pluck().get()).toBe(3);
  });

  it('refuses an edit whose "before" is not what is stored, and bad labels, changing nothing', () => {
    const project = stores.project();
    const map = sample();
    project.maps.put(map, { id: 'm' });
    const label = addLabel(map.grid, [], { text: 'A', anchor: { tile: 1 }, style: 'hex' }).labels;
    expect(() => project.documents.setLabels('m', label, [], 'Delete label')).toThrow("the labels stored for map \"m\" differ from the caller's");
    expect(() => project.documents.setLabels('m', [], [{ ...label[0]!, anchor: { tile: 999 } }], 'Add label')).toThrow('labels[0].anchor.tile');
    expect(project.journal.history('m')).toEqual([]);
    expect(project.maps.load('m').labels).toEqual([]);
  });
});

describe('a resize in the journal', () => {
  it('is one undo step that brings back the old size, its labels and the tile edits made before it', () => {
    const project = stores.project();
    const map = sample();
    project.maps.put(map, { id: 'm' });
    project.edit('m', [{ layer: 'terrain', index: 3, before: 0, after: 2 }], { label: 'Paint forest' });
    const labelled = addLabel(map.grid, [], { text: 'Hill 402', anchor: { tile: 3 }, style: 'hex' }).labels;
    project.documents.setLabels('m', [], labelled, 'Add label');
    const before = project.maps.load('m');
    const { map: bigger } = resizeMap(before, loadDefaultCatalogue(), { kind: 'hex-rectangle', width: 9, height: 5 }, 'w', 'clear');
    project.documents.replaceMap('m', bigger, 'Resize to 9x5');
    expect(project.maps.load('m').tileCount).toBe(45);
    expect(project.journal.history('m').map((e) => e.label)).toEqual(['Paint forest', 'Add label', 'Resize to 9x5']);

    expect(project.undo('m')).toMatchObject({ label: 'Resize to 9x5', document: { kind: 'map' } });
    const back = project.maps.load('m');
    expect(back.tileCount).toBe(30);
    expect(back.terrainAt(3)).toBe('forest');
    expect(back.labels).toEqual(labelled);
    // The older steps still apply to the old map.
    project.undo('m');
    project.undo('m');
    expect(project.maps.load('m').terrainAt(3)).toBe('');
    project.redo('m');
    project.redo('m');
    project.redo('m');
    expect(project.maps.load('m').tileCount).toBe(45);
    expect(project.maps.get('m')!.name).toBe('Ardennes');
  });
});
