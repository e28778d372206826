/**
 * The label layer's edits (issue 30 item 1): `maps.addLabel`, `maps.editLabel`,
 * `maps.deleteLabel` — each ONE undo step in the project's journal (node/store
 * document-edits.ts), then applied to the open copy. The label rules (ids, defaults, what a
 * valid anchor is on this map) are core's (core/map/labels.ts); undo and redo of a label step
 * go through `maps.undo` / `maps.redo` (editing-service.ts), which hand back the labels.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { LabelsResult } from '../../contract/contract.js';
import type { MapLabel } from '../../core/map/labels.js';
import { addLabel, removeLabel, updateLabel } from '../../core/map/labels.js';
import { quoted } from '../../core/util/bounded.js';
import type { MapJournal } from './editing-service.js';
import { editResult } from './editing-service.js';
import type { Queue } from './collaborators.js';
import type { HandlersFor } from './router.js';

export type LabelsOperation = 'maps.addLabel' | 'maps.editLabel' | 'maps.deleteLabel';

export interface LabelsDeps extends MapJournal {
  readonly queue: Queue;
}

export function labelsService(deps: LabelsDeps): HandlersFor<LabelsOperation> {
  const { queue, maps } = deps;
  return {
    'maps.addLabel': ({ id, ...spec }) =>
      queue.exclusive(() => {
        const map = maps.get(id).map;
        const { labels, label } = addLabel(map.grid, map.labels, spec);
        return { ...writeLabels(deps, id, labels, `Add label ${named(label)}`), created: label.id };
      }),
    'maps.editLabel': ({ id, label, ...patch }) =>
      queue.exclusive(() => {
        const map = maps.get(id).map;
        const labels = updateLabel(map.grid, map.labels, label, patch);
        const after = labels.find((l) => l.id === label)!;
        const before = map.labels.find((l) => l.id === label)!;
        const moved = Object.keys(patch).length === 1 && patch.anchor !== undefined;
        return writeLabels(deps, id, labels, `${moved ? 'Move' : 'Edit'} label ${named(moved ? after : before)}`);
      }),
    'maps.deleteLabel': ({ id, label }) =>
      queue.exclusive(() => {
        const map = maps.get(id).map;
        const gone = map.labels.find((l) => l.id === label);
        return writeLabels(deps, id, removeLabel(map.labels, label), `Delete label ${gone ? named(gone) : label}`);
      }),
  };
}

/** Journals the new list (one undo step), then puts it on the open copy. */
function writeLabels(deps: MapJournal, id: string, labels: MapLabel[], name: string): LabelsResult {
  const open = deps.maps.get(id);
  deps.session.current().documents.setLabels(id, open.map.labels, labels, name);
  open.map.labels = labels;
  return { ...editResult(deps, id, []), labels };
}

function named(label: MapLabel): string {
  return quoted(label.text, 40);
}
