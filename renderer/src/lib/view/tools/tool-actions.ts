/**
 * The workbench's stores as `ToolActions`, the only way the tools reach them (so the tools
 * are tested with a fake and no WebGL: tool-input.test.ts).
 *
 * Renderer layer: no DOM, no Three.js.
 */
import type { Workbench } from '../../stores/workbench.js';
import type { ToolActions } from './types.js';

/** The workbench's stores as `ToolActions` (read live: the getters follow the stores' state). */
export function toolActions(app: Workbench): ToolActions {
  const { editing, ground, analysis, lineage, maps, project, regions } = app;
  return {
    get tool() {
      return editing.tool;
    },
    get areaTerrain() {
      return editing.areaTerrain;
    },
    get linearTerrain() {
      return editing.linearTerrain;
    },
    get brushTerrain() {
      return editing.brushTerrain;
    },
    get brushSize() {
      return editing.brushSize;
    },
    get selection() {
      return app.selection.tiles;
    },
    terrain: (id) => project.terrain(id),
    paint: (tiles, terrain) => editing.paint(tiles, terrain),
    paintEdge: (tile, dir, terrain) => editing.paintEdge(tile, dir, terrain),
    drawLinear: (chain, terrain) => editing.drawLinear(chain, terrain),
    drawEdges: (slots, terrain) => editing.drawEdges(slots, terrain),
    drawNetwork: (chain, terrain) => editing.drawNetwork(chain, terrain),
    eraseNetwork: (chain, terrain) => editing.eraseNetwork(chain, terrain),
    fillFeature: (tile, terrain) => editing.fillFeature(tile, terrain),
    get catalogue() {
      return project.catalogue;
    },
    analyse: (tool, tile) => analysis.analyse(tool, tile),
    selectGround: (tile, op) => ground.select(tile, op),
    extendGround: (tile, op) => ground.extend(tile, op),
    fillSelect: (tile, op) => app.selection.fill(tile, op),
    childAt: (tile) => lineage.childAt(tile),
    openMap: (id) => maps.openMap(id),
    get pasting() {
      return regions.pasting;
    },
    selectRegion: (tiles, op) => regions.select(tiles, op),
    showGhost: (anchor) => regions.showGhost(anchor),
    pasteAt: (anchor) => regions.pasteAt(anchor),
    placeClick: (tile) => app.placing.click(tile),
    startLabel: (point, tile) => app.labels.start(point, tile),
  };
}
