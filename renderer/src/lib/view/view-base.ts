/**
 * What the flat view and the globe share: the WebGL renderer and its canvas, drawing on
 * demand (one requestAnimationFrame after any change), resizing, the pointer plumbing
 * (navigation first, then the tool), hover, edits arriving from the session (buffers
 * updated in place by map-layers.ts), and feeding the overlays from the session (what to
 * show is overlay-feed.ts; this class only calls it when something changed).
 *
 * Subclasses supply the camera: `draw`, `pick`, navigation and zoom.
 *
 * Renderer layer: DOM + Three.js.
 */
import { Color, ColorManagement, LinearSRGBColorSpace, Scene, WebGLRenderer } from 'three';
import type { Workbench } from '../stores/workbench.js';
import type { AppliedEdit, LoadedMap } from '../map-model.js';
import type { Overlays, OverlayStyle } from './overlays.js';
import type { Picked, ToolHost, ToolInput } from './tool-input.js';
import type { MapLayers } from './map-layers.js';
import type { ViewStats } from './view-stats.js';
import { isArea } from '../targeting.js';
import { themeColour } from '../theme.js';
import { glRenderer } from './gl-probe.js';
import { classicImage } from '../../../../core/alform/classic-stroke.js';
import { tilesInPolygon, type CentreProjection, type Polygon } from '../../../../core/map/region-select.js';
import type { OpenLineage } from '../stores/lineage.svelte.js';
import { DEFAULT_STYLE, derivedAreas, lineageOf, sameStyle, showAnalysis, splitPreview, themeOverlayStyle } from './overlay-feed.js';
import { PlacingFeed } from './placing-feed.js';

// Catalogue colours are sRGB bytes and must reach the screen unchanged (a swatch in the
// palette and a tile on the map are the same colour), so no colour-space conversion anywhere.
ColorManagement.enabled = false;

export abstract class ViewBase implements ToolHost {
  protected readonly renderer: WebGLRenderer;
  protected readonly scene = new Scene();
  protected overlays!: Overlays;
  protected tool!: ToolInput;
  protected spaceHeld = false;
  private frameRequested = false;
  private frames = 0;
  private hoverTile = -1;
  /** Where the pointer last was over the map (the brush footprint is drawn there). */
  private hoverPick: Picked | null = null;
  private disposers: (() => void)[] = [];
  private style: OverlayStyle = { ...DEFAULT_STYLE };
  private previewed: number[] = [];
  /** What the selection and derived-area overlays were last built from (rebuilt only on change). */
  private shownSelection: readonly number[] | null = null;
  /** The region selection and paste ghost last shown (rebuilt only on change). */
  private shownRegion: Int32Array | null = null;
  private shownGhost: unknown = undefined;
  /** The rectangle or lasso being drawn, in screen space over the canvas. */
  private readonly marqueeSvg: SVGSVGElement;
  private readonly marqueeShape: SVGPolygonElement;
  private shownLineage: OpenLineage | null | undefined = undefined;
  private placingFeed: PlacingFeed | null = null;

  constructor(
    protected readonly container: HTMLElement,
    protected readonly session: Workbench,
    protected readonly loaded: LoadedMap,
    private readonly onStats: (s: ViewStats) => void,
  ) {
    this.renderer = new WebGLRenderer({ antialias: !glRenderer().software, alpha: false, powerPreference: 'high-performance' });
    this.renderer.outputColorSpace = LinearSRGBColorSpace;
    this.renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
    this.renderer.info.autoReset = true;
    const canvas = this.renderer.domElement;
    canvas.style.display = 'block';
    canvas.style.width = '100%';
    canvas.style.height = '100%';
    canvas.style.touchAction = 'none';
    canvas.tabIndex = 0;
    canvas.setAttribute('aria-label', 'Map');
    container.appendChild(canvas);
    const svgNs = 'http://www.w3.org/2000/svg';
    this.marqueeSvg = document.createElementNS(svgNs, 'svg');
    this.marqueeSvg.setAttribute('class', 'marquee');
    this.marqueeSvg.setAttribute('data-testid', 'marquee');
    Object.assign(this.marqueeSvg.style, { position: 'absolute', inset: '0', width: '100%', height: '100%', pointerEvents: 'none', display: 'none' });
    this.marqueeShape = document.createElementNS(svgNs, 'polygon');
    this.marqueeShape.setAttribute('fill', 'rgba(40, 110, 220, 0.10)');
    this.marqueeShape.setAttribute('stroke', '#1f5fbf');
    this.marqueeShape.setAttribute('stroke-width', '1.5');
    this.marqueeShape.setAttribute('stroke-dasharray', '6 4');
    this.marqueeSvg.appendChild(this.marqueeShape);
    container.appendChild(this.marqueeSvg);
  }

  protected abstract layersObject(): MapLayers;
  protected abstract draw(renderer: WebGLRenderer, scene: Scene): void;
  protected abstract pick(px: number, py: number): Picked;
  protected abstract onResize(width: number, height: number): void;
  protected abstract zoomLabel(): string;
  protected abstract navDown(e: PointerEvent): boolean;
  protected abstract navMove(e: PointerEvent): boolean;
  protected abstract navUp(e: PointerEvent): boolean;
  protected abstract wheel(e: WheelEvent): void;
  /** The tiles a closed screen-space polygon covers (flat: through model space; globe: through the camera). */
  abstract tilesInShape(points: readonly number[]): ArrayLike<number>;

  /** The canvas colour behind the map (both views clear to it). */
  protected background(colour: string): void {
    this.renderer.setClearColor(new Color(colour));
  }

  /** The open map's tiles `shape` covers by core's rule; `at` puts a tile centre in the shape's plane (null: cannot be selected). */
  protected tilesCovered(shape: Polygon, at: CentreProjection, seeds: readonly number[]): Int32Array {
    return tilesInPolygon(this.loaded.map.grid, this.loaded.map.spec.alform, shape, at, seeds);
  }
  abstract fit(): void;
  abstract zoomBy(factor: number): void;

  /** True for a button that drags the view: middle, right, or primary when `primaryDrags`. */
  protected isDragButton(e: PointerEvent, primaryDrags: boolean): boolean {
    return e.button === 1 || e.button === 2 || (e.button === 0 && primaryDrags);
  }

  /** Starts a drag of the view (pan or turn) with pointer `e`: its id and position, under the panning cursor. */
  protected startDrag(e: PointerEvent): { id: number; x: number; y: number } {
    this.container.classList.add('panning');
    return { id: e.pointerId, x: e.offsetX, y: e.offsetY };
  }

  /** Ends the drag `startDrag` began. */
  protected endDrag(): void {
    this.container.classList.remove('panning');
  }

  // ── lifecycle ─────────────────────────────────────────────────────────

  protected attach(): void {
    const canvas = this.renderer.domElement;
    const on = <K extends keyof HTMLElementEventMap>(target: HTMLElement, type: K, fn: (e: HTMLElementEventMap[K]) => void, opts?: AddEventListenerOptions) => {
      target.addEventListener(type, fn as EventListener, opts);
      this.disposers.push(() => target.removeEventListener(type, fn as EventListener, opts));
    };
    on(canvas, 'pointerdown', (e) => this.pointerDown(e));
    on(canvas, 'pointermove', (e) => this.pointerMove(e));
    on(canvas, 'pointerup', (e) => this.pointerUp(e));
    on(canvas, 'pointercancel', (e) => this.pointerUp(e));
    on(canvas, 'pointerleave', () => {
      this.setHover(-1);
      this.hoverPick = null;
      this.showBrush();
      this.pointed(null);
    });
    on(canvas, 'contextmenu', (e) => e.preventDefault());
    on(
      canvas,
      'wheel',
      (e) => {
        e.preventDefault();
        this.wheel(e);
      },
      { passive: false },
    );
    const key = (e: KeyboardEvent) => {
      if (e.code !== 'Space') return;
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
      this.spaceHeld = e.type === 'keydown';
      this.container.classList.toggle('space-pan', this.spaceHeld);
      if (e.type === 'keydown') e.preventDefault();
    };
    window.addEventListener('keydown', key);
    window.addEventListener('keyup', key);
    this.disposers.push(() => {
      window.removeEventListener('keydown', key);
      window.removeEventListener('keyup', key);
    });
    const ro = new ResizeObserver(() => this.resize());
    ro.observe(this.container);
    this.disposers.push(() => ro.disconnect());
    const redraw = (edit: AppliedEdit) => {
      this.layersObject().applyEdit(edit);
      this.requestRender();
    };
    this.disposers.push(this.session.maps.edited.on(redraw), this.session.maps.tilesFetched.on(redraw));
    const bus = this.session.bus;
    this.disposers.push(
      bus.on('fit', () => this.fit()),
      bus.on('zoomIn', () => this.zoomBy(1.25)),
      bus.on('zoomOut', () => this.zoomBy(0.8)),
    );
  }

  protected resize(): void {
    const w = this.container.clientWidth;
    const h = this.container.clientHeight;
    if (w === 0 || h === 0) return;
    this.renderer.setSize(w, h, false);
    this.onResize(w, h);
    this.requestRender();
  }

  dispose(): void {
    for (const d of this.disposers.splice(0)) d();
    this.overlays.dispose();
    this.layersObject().dispose();
    this.renderer.dispose();
    this.renderer.domElement.remove();
    this.marqueeSvg.remove();
  }

  // ── drawing ───────────────────────────────────────────────────────────

  /** Called after every frame drawn (the minimap follows the view). */
  onFramed: (() => void) | null = null;

  requestRender(): void {
    if (this.frameRequested) return;
    this.frameRequested = true;
    requestAnimationFrame(() => {
      this.frameRequested = false;
      this.draw(this.renderer, this.scene);
      this.frames++;
      this.container.dataset.frame = String(this.frames);
      const info = this.renderer.info.render;
      this.onStats({ zoomLabel: this.zoomLabel(), calls: info.calls, triangles: info.triangles });
      this.onFramed?.();
    });
  }

  /** Re-reads everything the view shows from the session (mode, analysis, theme). */
  sync(): void {
    const s = this.session;
    this.readTheme();
    if (s.project.catalogue) this.layersObject().setCatalogue(s.project.catalogue);
    this.layersObject().setMode(s.analysis.mode);
    const layers = s.layers.layers;
    this.layersObject().setBorders(layers.grid.visible, '#000000');
    this.layersObject().setLayers(layers);
    showAnalysis(this.overlays, s.analysis.pending, s.analysis.result, this.style);
    this.overlays.setAnalysisLayer(layers.analysis);
    this.showGround();
    this.syncView();
    this.showRegion();
    this.showBrush();
    this.placing().show(this.hoverTile, this.style);
    this.requestRender();
  }

  /** The pointer moved to `p` (null: it left the map); the globe reports where it is in degrees. */
  protected pointed(_p: Picked | null): void {}

  /** What a subclass shows beyond the shared layers (the flat view's tile numbers); called by `sync`. */
  protected syncView(): void {}

  /** The region selection (dashed outline over a light fill) and, in paste mode, the ghost of the clipboard. */
  private showRegion(): void {
    const r = this.session.regions;
    if (r.selection !== this.shownRegion) {
      this.shownRegion = r.selection;
      this.overlays.setRegion(r.selection, this.style.selection, (t) => isArea(this.loaded, t));
    }
    if (r.ghost !== this.shownGhost) {
      this.shownGhost = r.ghost;
      this.overlays.setGhost(r.ghost?.groups ?? [], (t) => isArea(this.loaded, t));
    }
  }

  private readTheme(): void {
    this.background(themeColour('--canvas-bg', '#d9dde3'));
    const style = themeOverlayStyle(themeColour);
    if (!sameStyle(style, this.style)) {
      // New colours: the ground and placing overlays are built again below.
      this.shownSelection = null;
      this.shownLineage = undefined;
      this.shownRegion = null;
      this.placing().restyle();
    }
    this.style = style;
    if (this.hoverTile >= 0) this.overlays.setHover(this.hoverTile, this.style.hover);
  }

  /** The ground selection, and on a parent map the areas its children were derived from (stale ones dashed). */
  private showGround(): void {
    const s = this.session;
    const selection = s.ground.selection;
    if (selection !== this.shownSelection) {
      this.shownSelection = selection;
      this.overlays.setSelection(selection, this.style);
    }
    const lineage = lineageOf(s.lineage.lineage, this.loaded.id);
    if (lineage !== this.shownLineage) {
      this.shownLineage = lineage;
      this.overlays.setAreas(derivedAreas(lineage, this.loaded.map.tileCount, this.style));
    }
  }

  // ── ToolHost ──────────────────────────────────────────────────────────

  preview(tiles: readonly number[], terrain: string): void {
    const t = this.session.project.terrain(terrain);
    const colour = t?.colour ?? themeColour('--canvas-bg', '#d9dde3');
    const { area, other } = splitPreview(tiles, (tile) => isArea(this.loaded, tile), t?.class === 'linear');
    this.layersObject().preview(area, colour);
    this.previewed = area;
    this.overlays.setStroke(other, colour);
    this.requestRender();
  }

  previewEdges(slots: readonly number[], terrain: string): void {
    const colour = this.session.project.terrain(terrain)?.colour ?? themeColour('--canvas-bg', '#d9dde3');
    const image = classicImage(this.loaded.map.grid);
    const polys = slots.map((e) => image.grid.corners(image.tileOfEdge[e]!).map((c) => c.map((v) => v / image.scale)));
    this.overlays.setStrokePolygons(polys, colour);
    this.requestRender();
  }

  previewNetwork(chain: readonly number[], terrain: string): void {
    this.layersObject().previewNetwork(chain, terrain);
    this.requestRender();
  }

  clearPreview(): void {
    this.layersObject().clearNetworkPreview();
    if (this.previewed.length) this.layersObject().restore(this.previewed);
    this.previewed = [];
    this.overlays.setStroke([], '#000000');
    this.requestRender();
  }

  marquee(points: readonly number[] | null): void {
    if (!points || points.length < 4) {
      this.marqueeSvg.style.display = 'none';
      return;
    }
    const pairs: string[] = [];
    for (let k = 0; k + 1 < points.length; k += 2) pairs.push(`${points[k]!.toFixed(1)},${points[k + 1]!.toFixed(1)}`);
    this.marqueeShape.setAttribute('points', pairs.join(' '));
    this.marqueeSvg.style.display = 'block';
  }

  // ── pointer ───────────────────────────────────────────────────────────

  private pointerDown(e: PointerEvent): void {
    this.renderer.domElement.focus({ preventScroll: true });
    this.renderer.domElement.setPointerCapture(e.pointerId);
    if (this.navDown(e)) return;
    if (e.button !== 0) return;
    const p = { ...this.pick(e.offsetX, e.offsetY), screen: [e.offsetX, e.offsetY] as const };
    this.setHover(p.tile);
    this.tool.down(p, { shift: e.shiftKey, command: e.ctrlKey || e.metaKey, alt: e.altKey });
    this.requestRender();
  }

  private pointerMove(e: PointerEvent): void {
    if (this.navMove(e)) return;
    const p = { ...this.pick(e.offsetX, e.offsetY), screen: [e.offsetX, e.offsetY] as const };
    this.setHover(p.tile);
    this.tool.hover(p);
    this.hoverPick = p;
    this.showBrush();
    this.pointed(p);
    if (this.tool.stroking) {
      // Coalesced events keep fast drags continuous at low frame rates.
      const events = e.getCoalescedEvents?.() ?? [e];
      for (const ev of events.length ? events : [e]) this.tool.move({ ...this.pick(ev.offsetX, ev.offsetY), screen: [ev.offsetX, ev.offsetY] });
    }
  }

  private pointerUp(e: PointerEvent): void {
    if (this.renderer.domElement.hasPointerCapture(e.pointerId)) this.renderer.domElement.releasePointerCapture(e.pointerId);
    if (this.navUp(e)) return;
    void this.tool.up();
  }

  /** The paint or erase brush's footprint under the pointer, when the brush is larger than one tile. */
  private showBrush(): void {
    const p = this.hoverPick;
    const big = this.session.editing.brushSize > 1;
    this.overlays.setBrush(p && big ? Array.from(this.tool.footprint(p)) : [], this.style.hover);
    this.requestRender();
  }

  private setHover(tile: number): void {
    if (tile === this.hoverTile) return;
    this.hoverTile = tile;
    this.session.maps.setHover(tile);
    this.session.placing.hover = tile;
    this.overlays.setHover(tile, this.style.hover);
    this.placing().ghost(tile, this.style);
    this.requestRender();
  }

  /** Placing tiles and auto-assembly over the map (placing-feed.ts); made once the subclass built the overlays. */
  private placing(): PlacingFeed {
    return (this.placingFeed ??= new PlacingFeed(this.overlays.placing, this.session, (cell, tile, code) => this.layersObject().ghost(cell, tile, code)));
  }
}
