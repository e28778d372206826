/**
 * The tile numbers on the flat map (the designer's chosen numbering, core/map/numbering.ts)
 * in one draw call: a glyph atlas drawn once on a 2D canvas (fill and halo in two channels)
 * and one instanced quad per character, placed by label-layout.ts for the tiles in view and
 * only when they are large enough to read. Glyphs grow with the zoom between a readable and a
 * calm size (caps of 7–15 px), are spaced by their measured widths, and wear a thin halo in
 * the panel colour, so the numbers read on any terrain in both themes.
 *
 * Renderer layer: DOM (canvas for the atlas) + Three.js.
 */
import {
  BufferAttribute,
  Color,
  DataTexture,
  InstancedBufferAttribute,
  InstancedBufferGeometry,
  LinearFilter,
  LinearMipmapLinearFilter,
  Mesh,
  RGBAFormat,
  ShaderMaterial,
  Vector2,
} from 'three';
import type { LoadedMap } from '../map-model.js';
import type { TileNumbering } from '../../../../core/map/numbering.js';
import { LABEL_CHARS, buildLabelIndex, glyphPixels, labelsReadable, layoutGlyphs, visibleLabels, type LabelIndex } from './label-layout.js';

const CELL_W = 40;
const CELL_H = 48;
const COLS = 8;
const ROWS = Math.ceil(LABEL_CHARS.length / COLS);

const VERTEX = /* glsl */ `
attribute vec2 anchor;
attribute vec2 glyph;
uniform vec2 resolution;
uniform float glyphPx;
uniform vec2 atlasGrid;
varying vec2 vUv;
void main() {
  vec4 clip = projectionMatrix * modelViewMatrix * vec4(anchor, 0.04, 1.0);
  float cellW = glyphPx * ${(CELL_W / CELL_H).toFixed(4)};
  vec2 px = vec2(glyph.x * glyphPx + (position.x - 0.5) * cellW, (position.y - 0.5) * glyphPx);
  clip.xy += px * 2.0 / resolution * clip.w;
  gl_Position = clip;
  float col = mod(glyph.y, atlasGrid.x);
  float row = floor(glyph.y / atlasGrid.x);
  vUv = vec2((col + position.x) / atlasGrid.x, (row + 1.0 - position.y) / atlasGrid.y);
}`;

const FRAGMENT = /* glsl */ `
uniform sampler2D atlas;
uniform vec3 textColour;
uniform vec3 haloColour;
varying vec2 vUv;
void main() {
  vec4 t = texture2D(atlas, vUv);
  float a = max(t.r, t.g * 0.8);
  if (a < 0.02) discard;
  gl_FragColor = vec4(mix(haloColour, textColour, t.r), a);
}`;

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

/**
 * The glyph atlas: red = the glyph, green = its halo (a stroke round it), one CELL_W × CELL_H
 * cell per LABEL_CHARS character; and each glyph's pen advance in cell heights.
 */
function glyphAtlas(): { texture: DataTexture; advances: Float32Array } {
  const w = COLS * CELL_W;
  const h = ROWS * CELL_H;
  const advances = new Float32Array(LABEL_CHARS.length);
  const draw = (halo: boolean): Uint8ClampedArray => {
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const g = canvas.getContext('2d')!;
    g.font = `600 ${Math.round(CELL_H * 0.75)}px system-ui, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillStyle = '#fff';
    g.strokeStyle = '#fff';
    g.lineJoin = 'round';
    g.lineWidth = 7;
    [...LABEL_CHARS].forEach((ch, i) => {
      advances[i] = Math.min(CELL_W, g.measureText(ch).width + 1) / CELL_H;
      const x = (i % COLS) * CELL_W + CELL_W / 2;
      const y = Math.floor(i / COLS) * CELL_H + CELL_H / 2 + 1;
      if (halo) g.strokeText(ch, x, y);
      g.fillText(ch, x, y);
    });
    return g.getImageData(0, 0, w, h).data;
  };
  const fill = draw(false);
  const halo = draw(true);
  const data = new Uint8Array(w * h * 4);
  for (let p = 0; p < w * h; p++) {
    data[4 * p] = fill[4 * p + 3]!;
    data[4 * p + 1] = halo[4 * p + 3]!;
    data[4 * p + 3] = 255;
  }
  const texture = new DataTexture(data, w, h, RGBAFormat);
  texture.minFilter = LinearMipmapLinearFilter;
  texture.magFilter = LinearFilter;
  texture.generateMipmaps = true;
  texture.needsUpdate = true;
  return { texture, advances };
}
