/**
 * What placing tiles and auto-assembly show over the map, read from the session: the marks
 * of the chosen tile (with the place tool only), the tile whose "Fits here" list is open, the
 * ghost at the hovered tile in the placement it would take (drawn as the map will draw it,
 * `ghostOf`: core/render vector-ghost.ts through MapLayers), and an assembly's conflicting region. Rebuilds marks and conflict only when
 * their state changed (they may cover the whole map); the ghost follows every hover.
 *
 * Renderer layer: no DOM (the overlay it feeds holds the Three.js objects).
 */
import type { VectorGhost } from '../../../../core/render/vector-ghost.js';
import type { VectorTile } from '../../../../core/vector/types.js';
import type { Workbench } from '../stores/workbench.js';
import type { OverlayStyle } from './overlays.js';
import type { PlacingOverlay } from './placing-overlay.js';

/** The ghost of `tile` in placement `code` on `cell` as the open map would draw it (MapLayers.ghost). */
export type GhostOf = (cell: number, tile: VectorTile, code: number) => VectorGhost | null;

export class PlacingFeed {
  private shownPlaces: ReadonlyMap<number, readonly number[]> | null | undefined = undefined;
  private shownConflict: readonly number[] | null | undefined = undefined;

  constructor(
    private readonly overlay: PlacingOverlay,
    private readonly session: Workbench,
    private readonly ghostOf: GhostOf,
  ) {}

  /** New colours: everything is built again on the next `show`. */
  restyle(): void {
    this.shownPlaces = undefined;
    this.shownConflict = undefined;
  }

  show(hoverTile: number, style: OverlayStyle): void {
    const s = this.session;
    const place = s.editing.tool === 'place';
    const places = place ? (s.placing.chosen?.places ?? null) : null;
    if (places !== this.shownPlaces) {
      this.shownPlaces = places;
      this.overlay.setMarks(places, style.derived);
    }
    this.overlay.setPicked(place ? s.placing.selected : -1, style.selection);
    const conflict = s.assemble.conflict?.region ?? null;
    if (conflict !== this.shownConflict) {
      this.shownConflict = conflict;
      this.overlay.setConflict(conflict, style.blocked);
    }
    this.ghost(hoverTile, style);
  }

  /** The ghost of the chosen tile at `hoverTile`, where it fits there. */
  ghost(hoverTile: number, style: OverlayStyle): void {
    const s = this.session;
    const chosen = s.editing.tool === 'place' ? s.placing.chosen : null;
    const code = chosen ? s.placing.placementAt(hoverTile) : null;
    if (!chosen || code === null) {
      s.placing.ghostGaps = 0;
      return this.overlay.setGhost(-1, null, style.derived);
    }
    const ghost = this.ghostOf(hoverTile, chosen.geometry, code);
    // Crossings too far from a neighbour's to snap: the status line says so.
    s.placing.ghostGaps = ghost?.gaps.length ?? 0;
    this.overlay.setGhost(hoverTile, ghost?.geometry ?? null, style.derived);
  }
}
