/**
 * What placing tiles and auto-assembly show over the map, read from the session: the marks
 * of the chosen tile (with the place tool only), the tile whose "Fits here" list is open, the
 * ghost at the hovered tile in the placement it would take (core/assemble placed-outline.ts,
 * flat maps), and an assembly's conflicting region. Rebuilds marks and conflict only when
 * their state changed (they may cover the whole map); the ghost follows every hover.
 *
 * Renderer layer: no DOM (the overlay it feeds holds the Three.js objects).
 */
import { placedOutline } from '../../../../core/assemble/placed-outline.js';
import type { Workbench } from '../stores/workbench.js';
import type { LoadedMap } from '../map-model.js';
import type { OverlayStyle } from './overlays.js';
import type { GhostStyle, PlacingOverlay } from './placing-overlay.js';

export class PlacingFeed {
  private shownPlaces: ReadonlyMap<number, readonly number[]> | null | undefined = undefined;
  private shownConflict: readonly number[] | null | undefined = undefined;

  constructor(
    private readonly overlay: PlacingOverlay,
    private readonly session: Workbench,
    private readonly loaded: LoadedMap,
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
    const ghostStyle: GhostStyle = { outline: style.derived, terrain: (id) => s.project.terrain(id)?.colour ?? style.hover };
    if (!chosen || code === null) return this.overlay.setGhost(-1, null, ghostStyle);
    const map = this.loaded.map;
    const outline = map.grid.modelDimensions === 2 ? placedOutline(map.grid, hoverTile, chosen.geometry, code, map.spec.alform) : null;
    this.overlay.setGhost(hoverTile, outline, ghostStyle);
  }
}
