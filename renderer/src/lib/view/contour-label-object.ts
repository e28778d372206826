/**
 * Contour height labels of a vector map (issue 13) in one instanced draw, from the glyph atlas
 * the tile numbers use (glyph-atlas.ts): one quad per character, turned along its contour on
 * screen and upright (core/render contour-labels.ts `upright`; the globe applies the same rule
 * on screen, where "up" depends on the globe's turn), with a halo in the ground's colour that
 * breaks the line under the number, as topographic maps print it. Labels are laid out (core
 * placeContourLabels) only the first time they are readable, and only those in view are drawn.
 *
 * Renderer layer: Three.js (+ the DOM canvas of the atlas).
 */
import { BufferAttribute, Color, DataTexture, InstancedBufferAttribute, InstancedBufferGeometry, Mesh, ShaderMaterial, Vector2 } from 'three';
import type { ContourLabels } from '../../../../core/render/contour-labels.js';
import { ATLAS_COLS, ATLAS_ROWS, ATLAS_UV_GLSL, CELL_H, CELL_W, GLYPH_FRAGMENT, glyphAtlas } from './glyph-atlas.js';
import { contourGlyphPixels, layoutContourGlyphs, type ContourGlyphs } from './contour-label-layout.js';

/** Darker than the contour line (#7a5834), on a pale halo of the map's ground. */
const TEXT = '#5b3b1c';
const HALO = '#f3efdc';

const VERTEX = /* glsl */ `
attribute vec3 anchor;
attribute vec3 along;
attribute vec2 glyph;
uniform vec2 resolution;
uniform float glyphPx;
uniform vec2 atlasGrid;
uniform float step;
uniform float globe;
varying vec2 vUv;
${ATLAS_UV_GLSL}
void main() {
  vec4 eye = modelViewMatrix * vec4(anchor, 1.0);
  // Globe: a label on the far side of the sphere is not drawn.
  vec3 normal = normalize((modelViewMatrix * vec4(anchor, 0.0)).xyz);
  if (globe > 0.5 && dot(normal, -eye.xyz) <= 0.0) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    vUv = vec2(0.0);
    return;
  }
  vec4 clip = projectionMatrix * eye;
  vec4 ahead = projectionMatrix * modelViewMatrix * vec4(anchor + along * step, 1.0);
  vec2 d = (ahead.xy / ahead.w - clip.xy / clip.w) * resolution;
  d = length(d) > 0.0 ? normalize(d) : vec2(1.0, 0.0);
  // Upright: text never reads upside down (the rule of core's upright()).
  if (d.x < 0.0 || (d.x == 0.0 && d.y < 0.0)) d = -d;
  vec2 n = vec2(-d.y, d.x);
  float cellW = glyphPx * ${(CELL_W / CELL_H).toFixed(4)};
  vec2 px = d * (glyph.x * glyphPx + (position.x - 0.5) * cellW) + n * ((position.y - 0.5) * glyphPx);
  clip.xy += px * 2.0 / resolution * clip.w;
  gl_Position = clip;
  vUv = atlasUv(glyph.y, position.xy, atlasGrid);
}`;

export class ContourLabelObject {
  readonly mesh: Mesh;
  private readonly geometry = new InstancedBufferGeometry();
  private readonly material: ShaderMaterial;
  /** The glyph atlas, drawn on first need (a map never zoomed in that far never draws it). */
  private atlas: { texture: DataTexture; advances: Float32Array } | null = null;
  private labels: ContourLabels | null = null;
  private buffers: { anchors: Float32Array; along: Float32Array; glyphs: Float32Array } | undefined;
  private lastKey = '';
  /** Labels drawn in the last update (tests and the view's status read it). */
  shown = 0;

  /**
   * `place`: core's placeContourLabels for this map, called on first need; `unit`: model
   * units per tile inradius (half the tile spacing), which tells when labels become readable
   * before any is laid out.
   */
  constructor(
    private readonly place: () => ContourLabels | null,
    private readonly unit: number,
    globe: boolean,
  ) {
    this.geometry.setAttribute('position', new BufferAttribute(new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]), 3));
    this.geometry.setIndex([0, 1, 2, 0, 2, 3]);
    this.geometry.instanceCount = 0;
    this.material = new ShaderMaterial({
      vertexShader: VERTEX,
      fragmentShader: GLYPH_FRAGMENT,
      uniforms: {
        atlas: { value: null },
        resolution: { value: new Vector2(1, 1) },
        glyphPx: { value: 12 },
        atlasGrid: { value: new Vector2(ATLAS_COLS, ATLAS_ROWS) },
        step: { value: 0.01 },
        globe: { value: globe ? 1 : 0 },
        textColour: { value: new Color(TEXT) },
        haloColour: { value: new Color(HALO) },
        layerOpacity: { value: 1 },
      },
      transparent: true,
      depthTest: false,
      depthWrite: false,
    });
    this.mesh = new Mesh(this.geometry, this.material);
    this.mesh.frustumCulled = false;
    // Over the vector map's points (0.6) and the AL-FORM elements, under the tile numbers (5).
    this.mesh.renderOrder = 4;
    this.mesh.visible = false;
  }

  setResolution(width: number, height: number): void {
    (this.material.uniforms.resolution!.value as Vector2).set(width, height);
  }

  /**
   * Lays out the labels in view at `pxPerUnit` CSS pixels per model unit; `box` the visible
   * model box on flat maps (null on the globe). Cheap when nothing changed.
   */
  update(box: readonly [number, number, number, number] | null, pxPerUnit: number): void {
    const key = `${box?.join(',')},${pxPerUnit}`;
    if (key === this.lastKey) return;
    this.lastKey = key;
    this.mesh.visible = false;
    this.shown = 0;
    // Nothing is laid out until a label could be read: a zoomed-out map never pays for them.
    if (contourGlyphPixels({ unit: this.unit }, pxPerUnit) === 0) return;
    this.labels ??= this.place();
    const labels = this.labels;
    if (!labels || labels.count === 0) return;
    if (!this.atlas) {
      this.atlas = glyphAtlas();
      this.material.uniforms.atlas!.value = this.atlas.texture;
    }
    const advances = this.atlas.advances;
    const unit = labels.unit;
    const glyphPx = contourGlyphPixels(labels, pxPerUnit);
    if (glyphPx === 0) return;
    const margin = 2 * unit;
    const run: ContourGlyphs = layoutContourGlyphs(labels, box ? [box[0] - margin, box[1] + margin, box[2] - margin, box[3] + margin] : null, (g) => advances[g]!, this.buffers);
    if (run.anchors !== this.buffers?.anchors || run.glyphs !== this.buffers.glyphs || run.along !== this.buffers.along) {
      this.buffers = { anchors: run.anchors, along: run.along, glyphs: run.glyphs };
      this.geometry.setAttribute('anchor', new InstancedBufferAttribute(run.anchors, 3));
      this.geometry.setAttribute('along', new InstancedBufferAttribute(run.along, 3));
      this.geometry.setAttribute('glyph', new InstancedBufferAttribute(run.glyphs, 2));
    } else {
      for (const name of ['anchor', 'along', 'glyph']) this.geometry.getAttribute(name).needsUpdate = true;
    }
    this.geometry.instanceCount = run.count;
    this.material.uniforms.glyphPx!.value = glyphPx;
    this.material.uniforms.step!.value = 0.05 * unit;
    this.mesh.visible = run.count > 0;
    this.shown = run.labels;
  }

  /** The map's instances changed: the labels are laid out again when next drawn. */
  invalidate(): void {
    this.labels = null;
    this.lastKey = '';
  }

  /** Draw calls a frame of the labels costs. */
  calls(): number {
    return this.mesh.visible ? 1 : 0;
  }

  dispose(): void {
    this.geometry.dispose();
    this.material.dispose();
    this.atlas?.texture.dispose();
  }
}
