/**
 * The label tool's operations through AppServices.call (as IPC and browser mode send them):
 * add, move, edit and delete each one undo step; undo and redo hand back the labels; the map
 * loads with them; a label off the map or an unknown id is refused in one line.
 */
import { describe, expect, it } from 'vitest';
import type { EditResult, MapPayload, Results } from '../../contract/contract.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { useServicesKit } from './services.testkit.js';

const kit = useServicesKit('sandtable-labels-');
const { call } = kit;

const load = async (id: string) => mapFromJson((await call<MapPayload>('maps.load', { id })).map);

describe('labels on a map', () => {
  it('adds, moves, edits and deletes labels, each one undo step', async () => {
    const { summary } = await call<MapPayload>('maps.create', { name: 'Ardennes', kind: 'hex-rectangle', size: '12x10', alform: false, fill: 'clear' });
    const id = summary.id;
    const added = await call<Results['maps.addLabel']>('maps.addLabel', { id, text: 'Bastogne', anchor: { tile: 40 }, style: 'place' });
    expect(added).toMatchObject({ created: 'l1', canUndo: true, changes: [] });
    expect(added.labels).toEqual([{ id: 'l1', text: 'Bastogne', anchor: { tile: 40 }, style: 'place', size: 0.45, rotation: 0 }]);
    await call('maps.addLabel', { id, text: 'Ourthe', anchor: { along: [0, 1, 2] }, style: 'river' });
    await call('maps.editLabel', { id, label: 'l1', anchor: { point: [5.5, 4] } });
    const edited = await call<Results['maps.editLabel']>('maps.editLabel', { id, label: 'l1', text: 'Bastogne (HQ)', size: 0.6 });
    expect(edited.labels[0]).toMatchObject({ text: 'Bastogne (HQ)', size: 0.6, anchor: { point: [5.5, 4] } });
    const deleted = await call<Results['maps.deleteLabel']>('maps.deleteLabel', { id, label: 'l2' });
    expect(deleted.labels.map((l) => l.id)).toEqual(['l1']);
    expect((await load(id)).labels.map((l) => l.text)).toEqual(['Bastogne (HQ)']);

    const history = kit.services.session.current().journal.history(id).map((e) => e.label);
    expect(history).toEqual(['Add label "Bastogne"', 'Add label "Ourthe"', 'Move label "Bastogne"', 'Edit label "Bastogne"', 'Delete label "Ourthe"']);
    const undo = await call<EditResult>('maps.undo', { id });
    expect(undo).toMatchObject({ label: 'Delete label "Ourthe"', canRedo: true });
    expect(undo.labels!.map((l) => l.id)).toEqual(['l1', 'l2']);
    await call('maps.undo', { id });
    await call('maps.undo', { id });
    expect((await load(id)).labels[0]!.anchor).toEqual({ tile: 40 });
    const redo = await call<EditResult>('maps.redo', { id });
    expect(redo.labels![0]!.anchor).toEqual({ point: [5.5, 4] });
  });

  it('refuses a label off the map, along tiles that do not join, or an unknown id, changing nothing', async () => {
    const { summary } = await call<MapPayload>('maps.create', { name: 'Small', kind: 'square', size: '4x4', alform: false, fill: 'clear' });
    const id = summary.id;
    await expect(call('maps.addLabel', { id, text: 'Far', anchor: { tile: 16 }, style: 'note' })).rejects.toThrow('maps.addLabel: label: $[0].anchor.tile: expected an integer 0…15, got 16');
    await expect(call('maps.addLabel', { id, text: 'Gap', anchor: { along: [0, 10] }, style: 'river' })).rejects.toThrow('expected a neighbour of tile 0');
    await expect(call('maps.editLabel', { id, label: 'l9', text: 'x' })).rejects.toThrow('maps.editLabel: this map has no label "l9"');
    expect((await call<MapPayload>('maps.load', { id })).history).toEqual({ canUndo: false, canRedo: false });
  });

  it('puts a label on a globe at a unit-sphere point, moves it, undoes it, and refuses a flat point there', async () => {
    const { summary } = await call<MapPayload>('maps.create', { name: 'Globe', kind: 'icosahedron', size: '3', alform: false, fill: 'clear' });
    const id = summary.id;
    const added = await call<Results['maps.addLabel']>('maps.addLabel', { id, text: 'Azores', anchor: { point: [0.6, 0, 0.8] }, style: 'place' });
    expect(added.labels[0]!.anchor).toEqual({ point: [0.6, 0, 0.8] });
    await call('maps.editLabel', { id, label: 'l1', anchor: { point: [0, 0.8, 0.6] } });
    expect((await load(id)).labels[0]!.anchor).toEqual({ point: [0, 0.8, 0.6] });
    await call('maps.undo', { id });
    expect((await load(id)).labels[0]!.anchor).toEqual({ point: [0.6, 0, 0.8] });
    await expect(call('maps.addLabel', { id, text: 'Off', anchor: { point: [0, 0, 3] }, style: 'note' })).rejects.toThrow('maps.addLabel: label: $[0].anchor.point: expected a unit-sphere point [x, y, z] (length 1)');
    await expect(call('maps.addLabel', { id, text: 'Off', anchor: { point: [0, 0, 1, 0] }, style: 'note' })).rejects.toThrow('anchor.point');
  });
});
