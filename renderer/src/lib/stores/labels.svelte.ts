/**
 * The label tool (issue 30 item 1): the label being typed (`draft`: where the designer
 * clicked; a river name clicked on a river is set along it), the style new labels take, the label chosen (for Delete), and the edits — add,
 * move, retype, restyle, delete — each one `maps.*Label` call and one undo step, applied
 * like any edit (EditingStore.applyTo: the answer's `labels` replace the open map's list).
 *
 * Renderer layer; no DOM.
 */
import type { Services } from '../../../../contract/api.js';
import type { LabelAnchor, LabelPoint, LabelStyle, MapLabel } from '../../../../core/map/labels.js';
import type { ModelPoint } from '../../../../core/grid/types.js';
import { chainAlong, placeLabel } from '../../../../core/map/labels.js';
import { featureRegion } from '../../../../core/map/feature-fill.js';
import type { OpenMapStore } from './open-map.svelte.js';
import type { EditingStore } from './editing.svelte.js';
import type { ProjectStore } from './project.svelte.js';

export interface LabelDraft {
  /** Where the designer clicked: [x, y] on a flat map, the unit-sphere [x, y, z] on a globe. */
  readonly point: LabelPoint;
  /** The tile under the click (−1: off the map): a hex label is anchored to it. */
  readonly tile: number;
}

export class LabelStore {
  draft = $state.raw<LabelDraft | null>(null);
  /** The style the next label takes. */
  style = $state<LabelStyle>('place');
  /** The label chosen by a click (Delete removes it), or null. */
  chosen = $state<string | null>(null);

  constructor(
    private readonly api: Services,
    private readonly maps: OpenMapStore,
    private readonly editing: EditingStore,
    private readonly project: ProjectStore,
  ) {
    maps.switched.on(({ reason }) => {
      if (reason !== 'reload') this.chosen = null;
      this.draft = null;
    });
    editing.toolChanged.on(() => {
      this.draft = null;
      this.chosen = null;
    });
  }

  /** The label tool's click: the editor opens at `point`. */
  start(point: ModelPoint, tile: number): void {
    this.draft = { point: asLabelPoint(point), tile };
    this.chosen = null;
  }

  cancel(): void {
    this.draft = null;
  }

  choose(id: string | null): void {
    this.chosen = id;
  }

  /** Places the draft label with `text` (blank text drops it). One undo step. */
  async commit(text: string): Promise<boolean> {
    const draft = this.draft;
    const loaded = this.maps.current;
    this.draft = null;
    const trimmed = text.trim();
    if (!draft || !loaded || !trimmed) return false;
    const anchor = this.anchorFor(draft);
    return this.editing.applyTo(loaded, () => this.api.maps.addLabel({ id: loaded.id, text: trimmed, anchor, style: this.style }));
  }

  /**
   * Where a new label is anchored: a hex label on the tile clicked; a river name clicked on a
   * river (an AL-FORM map's linear feature) along the river there, so it follows its bends;
   * anything else at the point clicked.
   */
  private anchorFor(draft: LabelDraft): LabelAnchor {
    const map = this.maps.current?.map;
    if (map && draft.tile >= 0 && this.style === 'hex') return { tile: draft.tile };
    if (map && draft.tile >= 0 && this.style === 'river' && this.project.catalogue) {
      const feature = featureRegion(map, this.project.catalogue, draft.tile);
      const along = feature.length > 1 ? chainAlong(map.grid, feature, draft.tile, 6) : [];
      if (along.length > 1) return { along };
    }
    return { point: draft.point };
  }

  /** Moves label `id` to model point `point` (a unit-sphere point on a globe; a hex label to the tile there). One undo step. */
  move(id: string, point: readonly number[]): Promise<boolean> {
    const loaded = this.maps.current;
    const label = loaded?.map.labels.find((l) => l.id === id);
    if (!loaded || !label) return Promise.resolve(false);
    const at = asLabelPoint(point);
    const tile = loaded.map.grid.pick(at);
    const anchor: LabelAnchor = 'tile' in label.anchor && tile >= 0 ? { tile } : { point: at };
    // A river name moved off its river keeps the turn it had along it (flat maps: on a globe
    // the turn along a chain is as seen, so a moved name stands upright again).
    const flat = loaded.map.grid.modelDimensions === 2;
    const turn = 'along' in label.anchor && flat ? { rotation: Math.round((placeLabel(loaded.map, label).angle * 180) / Math.PI) } : {};
    return this.editing.applyTo(loaded, () => this.api.maps.editLabel({ id: loaded.id, label: id, anchor, ...turn }));
  }

  /** Retypes, restyles, resizes or turns label `id`. One undo step. */
  edit(id: string, patch: Partial<Pick<MapLabel, 'text' | 'style' | 'size' | 'rotation'>>): Promise<boolean> {
    const loaded = this.maps.current;
    if (!loaded) return Promise.resolve(false);
    if (patch.text !== undefined && !patch.text.trim()) return this.remove(id);
    return this.editing.applyTo(loaded, () => this.api.maps.editLabel({ id: loaded.id, label: id, ...patch, ...(patch.text !== undefined ? { text: patch.text.trim() } : {}) }));
  }

  /** Deletes label `id`. One undo step. */
  remove(id: string): Promise<boolean> {
    const loaded = this.maps.current;
    if (!loaded) return Promise.resolve(false);
    if (this.chosen === id) this.chosen = null;
    return this.editing.applyTo(loaded, () => this.api.maps.deleteLabel({ id: loaded.id, label: id }));
  }
}

/** A picked model point as a label's point: x, y on a flat map, x, y, z on a globe. */
function asLabelPoint(p: readonly number[]): LabelPoint {
  return p.length >= 3 ? [p[0]!, p[1]!, p[2]!] : [p[0]!, p[1]!];
}
