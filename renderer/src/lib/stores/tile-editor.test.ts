import { describe, expect, it } from 'vitest';
import { startedBench } from './fake-api.testkit.js';
import { HEX, SQUARE } from '../../../../core/vector/shape.js';
import { readVectorTile, vectorTileToJson } from '../../../../core/vector/json.js';
import { emptyTile } from '../../../../core/vector/edit.js';
import { edgeIndicators } from '../../../../core/vector/indicators.js';
import type { ArgsOf, LibraryTile, Results } from '../../../../contract/contract.js';

const libraryTile = (id: string, elements: number, name = id): LibraryTile => ({ id, name, shape: 'hex', tags: [], terrains: [], orientations: ['r0'], elements, updatedAt: '2026-11-25' });

/** A fake `tiles.save`: what the library would answer (its entry, the tile's summary). */
function saved({ library, tile, orientations }: ArgsOf<'tiles.save'>): Results['tiles.save'] {
  const t = readVectorTile(tile, 'test');
  const id = library ?? 'user';
  return {
    library: { id, name: id === 'user' ? 'My library' : 'castles', path: null, tiles: 1, canUndo: true, canRedo: false, undoLabel: `save “${t.name ?? t.id}”`, redoLabel: null },
    label: `save “${t.name ?? t.id}”`,
    tile: { ...libraryTile(t.id, t.elements.length, t.name ?? t.id), orientations: orientations ?? [] },
  };
}

describe('the tile editor store', () => {
  it('draws a road with the pen (click, drag, Enter), undoes and redoes it, and saves it through tiles.save', async () => {
    const { app, fake } = await startedBench({
      'tiles.save': saved,
    });
    const ed = app.tileEditor;
    ed.create(HEX, 'tile-1', 'Ford');
    expect(ed.open).toBe(true);
    expect(ed.allowed).toHaveLength(12);
    ed.setTool('line');
    ed.terrain.line = 'river';
    ed.pointerDown([0.01, -0.97]);
    ed.pointerUp();
    ed.pointerDown([0, 0]);
    ed.pointerMove([0.3, 0.2]); // a smooth anchor
    ed.pointerUp();
    ed.pointerDown([0, 0.98]);
    ed.pointerUp();
    expect(ed.tile!.elements).toHaveLength(0);
    expect(ed.key('Enter')).toBe(true);
    const river = ed.tile!.elements[0]!;
    expect(river).toMatchObject({ id: 'line-1', kind: 'line', terrain: 'river' });
    if (river.kind !== 'line') throw new Error('line');
    expect(river.curve.points).toHaveLength(7);
    expect(river.curve.points[2]).toEqual([-0.3, -0.2]);
    // Both ends snapped onto the boundary: the river crosses two edges.
    expect(edgeIndicators(ed.tile!).filter((e) => e.positions.length).length).toBe(2);

    ed.undo();
    expect(ed.tile!.elements).toHaveLength(0);
    ed.redo();
    expect(ed.tile!.elements).toHaveLength(1);

    ed.toggleOrientation('m0');
    expect(await ed.save()).toBe(true);
    const call = fake.calls.find((c) => c.name === 'tiles.save')!.args as ArgsOf<'tiles.save'>;
    expect(readVectorTile(call.tile, 'sent').elements).toHaveLength(1);
    expect(call.orientations).toHaveLength(11);
    expect(call.library).toBe('user');
    expect(app.notes.toasts.at(-1)?.text).toMatch(/Saved tile “Ford” to My library \(1 element, 11 orientations\)/);
  });

  it('a starter tile is read-only: the Save button says "Save as copy", and after saving the editor edits the copy (issue 25)', async () => {
    const { app, fake } = await startedBench({
      'tiles.get': ({ tile }: ArgsOf<'tiles.get'>) => ({ tile: { ...libraryTile(tile, 0, 'Bend'), tags: ['starter', 'river'] }, json: vectorTileToJson(emptyTile(tile, HEX, 'Bend')) }),
      // The library's answer over a starter: the copy (node/services tile-save.ts).
      'tiles.save': (args: ArgsOf<'tiles.save'>) => {
        const r = saved(args);
        return r.tile.id === 'bend' ? { ...r, tile: { ...r.tile, id: 'bend-copy', name: 'Bend (copy)' } } : r;
      },
    });
    expect(await app.tileEditor.openTile('user', 'bend')).toBe(true);
    expect(app.tileEditor.saveLabel).toBe('Save as copy');
    expect(await app.tileEditor.save()).toBe(true);
    expect(app.tileEditor.tile).toMatchObject({ id: 'bend-copy', name: 'Bend (copy)' });
    expect(app.tileEditor.saveLabel).toBe('Save to library');
    // The next save writes the copy, not the starter.
    await app.tileEditor.save();
    expect(fake.calls.filter((c) => c.name === 'tiles.save').map((c) => readVectorTile((c.args as ArgsOf<'tiles.save'>).tile, 't').id)).toEqual(['bend', 'bend-copy']);
    // A tile of one's own says plain Save.
    app.tileEditor.create(HEX, 'fresh', 'Fresh');
    expect(app.tileEditor.saveLabel).toBe('Save to library');
  });

  it('saves a tile opened from a library file back to that file, and the library panel draws its thumbnail again', async () => {
    const { app, fake } = await startedBench({
      'tiles.get': ({ library, tile }: ArgsOf<'tiles.get'>) => ({ tile: libraryTile(tile, 1), json: vectorTileToJson(emptyTile(tile, HEX, `${library} tile`)) }),
      'tiles.save': saved,
    });
    app.library.thumbs = { bend: 'data:old', other: 'data:kept' };
    expect(await app.tileEditor.openTile('file-1', 'bend')).toBe(true);
    expect(app.tileEditor.library).toBe('file-1');
    expect(await app.tileEditor.save()).toBe(true);
    expect((fake.calls.find((c) => c.name === 'tiles.save')!.args as ArgsOf<'tiles.save'>).library).toBe('file-1');
    expect(app.notes.toasts.at(-1)?.text).toMatch(/Saved tile “file-1 tile” to castles/);
    expect(app.library.thumbs).toEqual({ other: 'data:kept' });
    // A new tile goes to the user library.
    app.tileEditor.create(HEX, 'fresh', 'Fresh');
    expect(app.tileEditor.library).toBe('user');
  });

  it('selects by clicking, drags an anchor as one undo step, deletes an anchor then the element', async () => {
    const { app } = await startedBench();
    const ed = app.tileEditor;
    ed.create(SQUARE, 't', 'Lake');
    ed.setTool('area');
    ed.terrain.area = 'lake';
    for (const p of [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]] as const) {
      ed.pointerDown(p);
      ed.pointerUp();
    }
    ed.pointerDown([-0.5, -0.5]); // on the first anchor: closes the area
    ed.pointerUp();
    const lake = ed.tile!.elements[0]!;
    expect(lake).toMatchObject({ kind: 'area', terrain: 'lake', side: 'left' });
    ed.setTool('select');
    ed.pointerDown([0.9, 0.9]);
    expect(ed.selected).toBeNull();
    ed.pointerDown([0, 0]); // inside the closed area
    expect(ed.selected).toBe('area-1');
    ed.pointerDown([0.5, 0.5]);
    expect(ed.anchor).toBe(6);
    ed.pointerMove([0.6, 0.6]);
    ed.pointerMove([0.7, 0.7]);
    ed.pointerUp();
    const moved = ed.tile!.elements[0]!;
    expect(moved.kind !== 'point' && moved.curve.points[6]).toEqual([0.7, 0.7]);
    ed.undo();
    const back = ed.tile!.elements[0]!;
    expect(back.kind !== 'point' && back.curve.points[6]).toEqual([0.5, 0.5]);
    ed.redo();
    ed.pointerDown([0.7, 0.7]);
    expect(ed.key('Delete')).toBe(true);
    const three = ed.tile!.elements[0]!;
    expect(three.kind !== 'point' && three.curve.points).toHaveLength(10);
    ed.anchor = null;
    ed.key('Delete');
    expect(ed.tile!.elements).toHaveLength(0);
    expect(ed.selected).toBeNull();
  });

  it('sets props of the selection, switches tools by key and leaves other keys to the app', async () => {
    const { app } = await startedBench();
    const ed = app.tileEditor;
    ed.create(HEX, 't', 'Peak');
    ed.key('P');
    expect(ed.tool).toBe('point');
    ed.pointerDown([0.1, 0.2]);
    expect(ed.selected).toBe('point-1');
    ed.setProps({ height: 420 });
    expect(ed.tile!.elements[0]).toMatchObject({ kind: 'point', height: 420, at: [0.1, 0.2] });
    expect(ed.key('s', { ctrl: true })).toBe(false);
    expect(ed.key('q')).toBe(false);
  });
});
