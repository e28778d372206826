/**
 * Journal steps that change no tile value (project migration 6): an edit of a map's labels
 * (core/map/labels.ts) and a resize, which replaces the whole map. Each is ONE journal entry
 * with no tile changes plus a `document_edits` row holding what was there before and after:
 * the label list as JSON text, or the whole map as gzipped map JSON (a resize renumbers every
 * tile, so nothing smaller describes it). Undo and redo put the stored side back; the older
 * entries of the journal describe the map before the resize, so they stay valid once the
 * resize is undone, and the newer ones describe the map after it.
 *
 * Like the journal, a step is refused when the stored labels differ from what the caller's
 * copy holds (`before`), so an open copy never silently diverges from the file.
 *
 * Must not depend on: Electron, DOM.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { createGrid } from '../../core/grid/create.js';
import type { MapLabel } from '../../core/map/labels.js';
import { labelsToJson, readLabels } from '../../core/map/labels.js';
import { mapFromJsonText, mapToJsonText } from '../../core/map/map-json.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import { quoted } from '../../core/util/bounded.js';
import { ArgReader, InputError } from './args.js';
import type { StoreContext } from './context.js';
import type { Journal, JournalEntry } from './journal.js';
import type { MapStore } from './map-store.js';

/** What undoing or redoing a document step changed: the labels now stored, or the whole map (load it again). */
export type DocumentReplay = { readonly kind: 'labels'; readonly labels: MapLabel[] } | { readonly kind: 'map' };

export class DocumentEdits {
  private readonly db;

  constructor(
    ctx: StoreContext,
    private readonly maps: MapStore,
    private readonly journal: Journal,
  ) {
    this.db = ctx.db;
  }

  /**
   * Replaces map `mapId`'s labels with `labels` as one undo step named `label`. `before` is
   * the list the caller's copy holds; it must be what is stored.
   */
  setLabels(mapId: string, before: readonly MapLabel[], labels: readonly MapLabel[], label: string): JournalEntry {
    const r = new ArgReader();
    const id = r.id(mapId, 'mapId');
    const summary = this.maps.get(id);
    if (!summary) throw new InputError('argument', 'mapId', `no map with id ${quoted(id)} in this project`);
    const grid = createGrid({ size: summary.size, wrap: summary.wrap, alform: summary.alform });
    const next = labelsText(readLabels(labelsToJson(labels), grid, 'argument', 'labels'));
    const expected = labelsText(before);
    return this.journal.editDocument(id, label, (seq) => {
      const stored = this.storedLabels(id);
      if (stored !== expected) throw new InputError('argument', 'before', `the labels stored for map ${quoted(id)} differ from the caller's; the map changed outside this journal`);
      this.writeLabels(id, next);
      this.db.prepare("INSERT INTO document_edits (map_id, seq, kind, before, after) VALUES (?, ?, 'labels', ?, ?)").run(id, seq, stored, next);
    });
  }

  /** Replaces map `mapId` with `map` (a resize) as one undo step named `label`, keeping the map's history. */
  replaceMap(mapId: string, map: TerrainMap, label: string): JournalEntry {
    const id = new ArgReader().id(mapId, 'mapId');
    const summary = this.maps.get(id);
    if (!summary) throw new InputError('argument', 'mapId', `no map with id ${quoted(id)} in this project`);
    const before = gzipSync(mapToJsonText(this.maps.load(id)));
    const after = gzipSync(mapToJsonText(map));
    return this.journal.editDocument(id, label, (seq) => {
      this.maps.put(map, { id, name: summary.name, keepHistory: true });
      this.db.prepare("INSERT INTO document_edits (map_id, seq, kind, before, after) VALUES (?, ?, 'map', ?, ?)").run(id, seq, before, after);
    });
  }

  /** Puts back the side of entry `seq` that undo (before) or redo (after) leaves; null when the entry changed tiles only. Runs inside the replay's transaction. */
  replayed(mapId: string, seq: number, direction: 'undo' | 'redo'): DocumentReplay | null {
    const row = this.db.prepare('SELECT kind, before, after FROM document_edits WHERE map_id = ? AND seq = ?').get(mapId, seq) as { kind: 'labels' | 'map'; before: Buffer | string; after: Buffer | string } | undefined;
    if (!row) return null;
    const [expect, write] = direction === 'undo' ? [row.after, row.before] : [row.before, row.after];
    const where = `journal entry ${seq} (${direction}) of map ${quoted(mapId)}`;
    if (row.kind === 'labels') {
      if (this.storedLabels(mapId) !== String(expect)) throw new Error(`${where}: the stored labels are not what the entry left; the map changed outside this journal`);
      this.writeLabels(mapId, String(write));
      return { kind: 'labels', labels: this.maps.labels(mapId, this.gridOf(mapId)) };
    }
    const name = this.maps.get(mapId)!.name;
    this.maps.put(mapFromJsonText(gunzipSync(write as Buffer).toString('utf8'), where), { id: mapId, name, keepHistory: true });
    return { kind: 'map' };
  }

  private gridOf(id: string): Pick<TerrainMap, 'grid'> {
    const s = this.maps.get(id)!;
    return { grid: createGrid({ size: s.size, wrap: s.wrap, alform: s.alform }) };
  }

  /** The stored labels as JSON text ('[]' for none). */
  private storedLabels(id: string): string {
    return (this.db.prepare('SELECT labels FROM maps WHERE id = ?').pluck().get(id) as string | null) ?? '[]';
  }

  private writeLabels(id: string, text: string): void {
    this.db.prepare('UPDATE maps SET labels = ? WHERE id = ?').run(text === '[]' ? null : text, id);
  }
}

function labelsText(labels: readonly MapLabel[]): string {
  return JSON.stringify(labelsToJson(labels));
}
