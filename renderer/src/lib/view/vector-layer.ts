/**
 * A map of vector tile instances drawn as a map, at the detail the zoom asks for (issue 13):
 * core/render vector-block-map.ts builds the whole map coarse (few samples a curve) and, when
 * tiles are large on screen (core's `vectorLevel`), the blocks in view fine; this adapter shows
 * one level's VectorObject at a time (three draw calls either way) and passes edits on, so a
 * one-tile edit uploads one block's slot ranges. Tiles too small on screen draw no vector layer
 * (the ground level); the coarse level builds the blocks in view as they come into view.
 *
 * Renderer layer: Three.js.
 */
import { Group } from 'three';
import { blocksInView, vectorLevel, type VectorShown, type VectorView } from '../../../../core/render/vector-blocks.js';
import { FINE_MAX_BLOCKS, VectorBlockMap, type VectorEditWork } from '../../../../core/render/vector-block-map.js';
import type { MapGeometry } from '../../../../core/render/map-geometry.js';
import type { TileSource } from '../../../../core/render/vector-map.js';
import { VectorObject } from './vector-object.js';
import { fadeTree } from './layer-fade.js';

export class VectorLayer {
  readonly group = new Group();
  readonly blocks: VectorBlockMap;
  private coarse: VectorObject | null = null;
  private fine: VectorObject | null = null;
  private px = 0;
  private view: VectorView | null = null;
  /** The level drawn now. */
  shown: VectorShown = 'ground';
  /** The layers panel's opacity for the vector drawing, applied to each level's objects as they are made. */
  private opacity = 1;

  constructor(
    geo: MapGeometry,
    tiles: TileSource,
    private readonly globe: boolean,
  ) {
    this.blocks = new VectorBlockMap(geo, tiles);
  }

  /** CSS pixels across a tile: picks the level. */
  setPixelsPerTile(px: number): void {
    this.px = px;
    this.refresh();
  }

  /** What the view shows (flat: its model box; globe: the eye): picks the fine blocks. */
  setView(view: VectorView): void {
    this.view = view;
    this.refresh();
  }

  private refresh(): void {
    const level = vectorLevel(this.px);
    const inView = level !== 'ground' && this.view ? blocksInView(this.blocks.blocks, this.view) : null;
    const visible = level === 'fine' && inView ? inView : [];
    const fine = visible.length > 0 && visible.length <= FINE_MAX_BLOCKS;
    if (fine) {
      const f = this.blocks.fine(visible);
      if (!this.fine) {
        this.fine = new VectorObject(f.slots, this.globe);
        this.group.add(this.fine.group);
      } else if (f.write) this.fine.apply(f.write);
      else if (f.changed) this.fine.replace(f.slots);
    }
    this.shown = fine ? 'fine' : level === 'ground' ? 'ground' : 'coarse';
    if (this.shown === 'coarse') {
      // The blocks in view (the whole map until the view is known).
      const c = this.blocks.coarseInView(inView ?? Array.from({ length: this.blocks.blocks.count }, (_, b) => b));
      if (!this.coarse) {
        this.coarse = new VectorObject(c.slots, this.globe);
        this.group.add(this.coarse.group);
      } else if (c.write) this.coarse.apply(c.write);
      else if (c.changed) this.coarse.replace(c.slots);
    }
    if (this.coarse) this.coarse.group.visible = this.shown === 'coarse';
    if (this.fine) this.fine.group.visible = fine;
    fadeTree(this.group, this.opacity);
  }

  /** The layers panel's opacity (0…1) for the vector drawing. */
  setOpacity(opacity: number): void {
    this.opacity = opacity;
    fadeTree(this.group, opacity);
  }

  /** Placed or cleared instances on `cells`: their blocks rebuilt and uploaded in place. */
  edit(cells: ArrayLike<number>): VectorEditWork {
    const work = this.blocks.edit(Array.from(cells));
    if (work.coarse && this.coarse) this.coarse.apply(work.coarse);
    if (work.fine && this.fine) this.fine.apply(work.fine);
    return work;
  }

  /** Draw calls a frame of the vector layer costs. */
  calls(): number {
    return this.group.visible ? (this.coarse?.calls() ?? 0) + (this.fine?.calls() ?? 0) : 0;
  }

  dispose(): void {
    this.coarse?.dispose();
    this.fine?.dispose();
  }
}
