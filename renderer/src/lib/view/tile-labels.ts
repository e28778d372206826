/**
 * The tile numbers on the flat map (the designer's chosen numbering, core/map/numbering.ts)
 * in one draw call: the glyph atlas (glyph-atlas.ts: fill and halo in two channels) and one
 * instanced quad per character, placed by label-layout.ts for the tiles in view and
 * only when they are large enough to read. Glyphs grow with the zoom between a readable and a
 * calm size (caps of 7–15 px), are spaced by their measured widths, and wear a thin halo in
 * the panel colour, so the numbers read on any terrain in both themes.
 *
 * Renderer layer: DOM (canvas for the atlas) + Three.js.
 */
import { BufferAttribute, Color, DataTexture, InstancedBufferAttribute, InstancedBufferGeometry, Mesh, ShaderMaterial, Vector2 } from 'three';
import type { LoadedMap } from '../map-model.js';
import type { TileNumbering } from '../../../../core/map/numbering.js';
import { buildLabelIndex, glyphPixels, labelsReadable, layoutGlyphs, visibleLabels, type LabelIndex } from './label-layout.js';
import { ATLAS_COLS as COLS, ATLAS_ROWS as ROWS, ATLAS_UV_GLSL, CELL_H, CELL_W, GLYPH_FRAGMENT, glyphAtlas } from './glyph-atlas.js';

const VERTEX = /* glsl */ `
attribute vec2 anchor;
attribute vec2 glyph;
uniform vec2 resolution;
uniform float glyphPx;
uniform vec2 atlasGrid;
varying vec2 vUv;
${ATLAS_UV_GLSL}
void main() {
  vec4 clip = projectionMatrix * modelViewMatrix * vec4(anchor, 0.04, 1.0);
  float cellW = glyphPx * ${(CELL_W / CELL_H).toFixed(4)};
  vec2 px = vec2(glyph.x * glyphPx + (position.x - 0.5) * cellW, (position.y - 0.5) * glyphPx);
  clip.xy += px * 2.0 / resolution * clip.w;
  gl_Position = clip;
  vUv = atlasUv(glyph.y, position.xy, atlasGrid);
}`;

const FRAGMENT = GLYPH_FRAGMENT;

export class TileLabels {
  readonly mesh: Mesh;
  private readonly geometry = new InstancedBufferGeometry();
  private readonly material: ShaderMaterial;
  private readonly texture: DataTexture;
  /** Pen advance of each atlas glyph, in cell heights (measured when the atlas is drawn). */
  private readonly advances: Float32Array;
  private index: LabelIndex | null = null;
  private numbering: TileNumbering | null = null;
  private lastKey = '';
  private buffers: { anchors: Float32Array; glyphs: Float32Array } = { anchors: new Float32Array(0), glyphs: new Float32Array(0) };
  /** Labels drawn in the last update (for tests and the status of the view). */
  shown = 0;

  constructor(private readonly loaded: LoadedMap) {
    const atlas = glyphAtlas();
    this.texture = atlas.texture;
    this.advances = atlas.advances;
    this.geometry.setAttribute('position', new BufferAttribute(new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]), 3));
    this.geometry.setIndex([0, 1, 2, 0, 2, 3]);
    this.geometry.instanceCount = 0;
    this.material = new ShaderMaterial({
      vertexShader: VERTEX,
      fragmentShader: FRAGMENT,
      uniforms: {
        atlas: { value: this.texture },
        resolution: { value: new Vector2(1, 1) },
        glyphPx: { value: 10 },
        atlasGrid: { value: new Vector2(COLS, ROWS) },
        textColour: { value: new Color('#1d2330') },
        haloColour: { value: new Color('#f8f9fb') },
        layerOpacity: { value: 1 },
      },
      transparent: true,
      depthTest: false,
      depthWrite: false,
    });
    this.mesh = new Mesh(this.geometry, this.material);
    this.mesh.frustumCulled = false;
    this.mesh.renderOrder = 5;
    this.mesh.visible = false;
  }

  /** The numbering to draw (null: none). */
  setNumbering(numbering: TileNumbering | null): void {
    if (numbering === this.numbering) return;
    this.numbering = numbering;
    this.lastKey = '';
  }

  setColours(text: string, halo: string): void {
    (this.material.uniforms.textColour!.value as Color).set(text);
    (this.material.uniforms.haloColour!.value as Color).set(halo);
  }

  setResolution(width: number, height: number): void {
    (this.material.uniforms.resolution!.value as Vector2).set(width, height);
  }

  /** Lays out the labels for the visible box (model units) at `pxPerUnit`; cheap when nothing changed. */
  update(x0: number, x1: number, y0: number, y1: number, pxPerUnit: number): void {
    const key = `${x0},${x1},${y0},${y1},${pxPerUnit},${this.numbering ? 1 : 0}`;
    if (key === this.lastKey) return;
    this.lastKey = key;
    const numbering = this.numbering;
    this.mesh.visible = false;
    this.shown = 0;
    if (!numbering) return;
    // The index is built on first need: a map nobody numbers never pays for it.
    const index = (this.index ??= buildLabelIndex(this.loaded.map, this.loaded.classes));
    if (!labelsReadable(index, pxPerUnit)) return;
    const glyphPx = glyphPixels(index, pxPerUnit);
    const margin = index.across;
    const picks = visibleLabels(index, x0 - margin, x1 + margin, y0 - margin, y1 + margin);
    if (!picks) return;
    const run = layoutGlyphs(index, picks, numbering, (g) => this.advances[g]!, this.buffers);
    if (run.anchors !== this.buffers.anchors || this.geometry.getAttribute('anchor') === undefined) {
      this.buffers = { anchors: run.anchors, glyphs: run.glyphs };
      this.geometry.setAttribute('anchor', new InstancedBufferAttribute(run.anchors, 2));
      this.geometry.setAttribute('glyph', new InstancedBufferAttribute(run.glyphs, 2));
    } else {
      this.geometry.getAttribute('anchor').needsUpdate = true;
      this.geometry.getAttribute('glyph').needsUpdate = true;
    }
    this.geometry.instanceCount = run.count;
    this.material.uniforms.glyphPx!.value = glyphPx;
    this.mesh.visible = run.count > 0;
    this.shown = picks.length;
  }

  dispose(): void {
    this.geometry.dispose();
    this.material.dispose();
    this.texture.dispose();
  }
}
