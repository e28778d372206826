/**
 * The glyph atlas every text label of the map views draws from (the tile numbers,
 * tile-labels.ts; the contour heights, contour-label-object.ts): each LABEL_CHARS character
 * drawn once on a 2D canvas into a CELL_W × CELL_H cell, red = the glyph, green = its halo
 * (a stroke round it), with its pen advance measured. Drawn once per page; each user makes
 * its own small texture from the same pixels, so disposing one view's labels never blanks
 * another's.
 *
 * Renderer layer: DOM (canvas) + Three.js.
 */
import { BufferAttribute, Color, DataTexture, InstancedBufferGeometry, LinearFilter, LinearMipmapLinearFilter, Mesh, RGBAFormat, ShaderMaterial, Vector2, type IUniform } from 'three';
import { LABEL_CHARS } from './label-layout.js';

export const CELL_W = 40;
export const CELL_H = 48;
export const ATLAS_COLS = 8;
export const ATLAS_ROWS = Math.ceil(LABEL_CHARS.length / ATLAS_COLS);

let drawn: { data: Uint8Array; advances: Float32Array } | null = null;

/** The atlas pixels (RGBA, ATLAS_COLS·CELL_W × ATLAS_ROWS·CELL_H) and each glyph's pen advance in cell heights. */
function atlasPixels(): { data: Uint8Array; advances: Float32Array } {
  if (drawn) return drawn;
  const w = ATLAS_COLS * CELL_W;
  const h = ATLAS_ROWS * CELL_H;
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
      const x = (i % ATLAS_COLS) * CELL_W + CELL_W / 2;
      const y = Math.floor(i / ATLAS_COLS) * CELL_H + CELL_H / 2 + 1;
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
  drawn = { data, advances };
  return drawn;
}

/** A texture of the atlas (the caller disposes it) and the glyphs' pen advances in cell heights. */
export function glyphAtlas(): { texture: DataTexture; advances: Float32Array } {
  const { data, advances } = atlasPixels();
  const texture = new DataTexture(data, ATLAS_COLS * CELL_W, ATLAS_ROWS * CELL_H, RGBAFormat);
  texture.minFilter = LinearMipmapLinearFilter;
  texture.magFilter = LinearFilter;
  texture.generateMipmaps = true;
  texture.needsUpdate = true;
  return { texture, advances };
}

/** GLSL: the atlas uv of corner `corner` (0…1 in the cell, y up) of glyph `glyph` (`atlasGrid` = cols, rows). */
export const ATLAS_UV_GLSL = /* glsl */ `
vec2 atlasUv(float glyph, vec2 corner, vec2 atlasGrid) {
  float col = mod(glyph, atlasGrid.x);
  float row = floor(glyph / atlasGrid.x);
  return vec2((col + corner.x) / atlasGrid.x, (row + 1.0 - corner.y) / atlasGrid.y);
}`;

/** GLSL fragment body shared by the labels: glyph over halo, both from the atlas, times the layers panel's opacity (`layerOpacity`, layer-fade.ts). */
export const GLYPH_FRAGMENT = /* glsl */ `
uniform sampler2D atlas;
uniform vec3 textColour;
uniform vec3 haloColour;
uniform float layerOpacity;
varying vec2 vUv;
void main() {
  vec4 t = texture2D(atlas, vUv);
  float a = max(t.r, t.g * 0.8);
  if (a < 0.02) discard;
  gl_FragColor = vec4(mix(haloColour, textColour, t.r), a * layerOpacity);
}`;

/** What a label layer sets on its glyph mesh: its shaders, sizes and colours, and any uniforms of its own. */
export interface GlyphMeshOptions {
  readonly vertexShader: string;
  readonly fragmentShader: string;
  /** The atlas texture (null: set on first need). */
  readonly atlas: DataTexture | null;
  readonly glyphPx: number;
  readonly text: string;
  readonly halo: string;
  readonly uniforms?: Record<string, IUniform>;
  readonly renderOrder: number;
}

/**
 * A label layer's mesh: one instanced unit quad per glyph (the layer sets the instance
 * attributes and count), drawn over the map without depth, hidden until it has labels.
 */
export function glyphMesh(o: GlyphMeshOptions): { mesh: Mesh; geometry: InstancedBufferGeometry; material: ShaderMaterial } {
  const geometry = new InstancedBufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]), 3));
  geometry.setIndex([0, 1, 2, 0, 2, 3]);
  geometry.instanceCount = 0;
  const material = new ShaderMaterial({
    vertexShader: o.vertexShader,
    fragmentShader: o.fragmentShader,
    uniforms: {
      atlas: { value: o.atlas },
      resolution: { value: new Vector2(1, 1) },
      glyphPx: { value: o.glyphPx },
      atlasGrid: { value: new Vector2(ATLAS_COLS, ATLAS_ROWS) },
      ...o.uniforms,
      textColour: { value: new Color(o.text) },
      haloColour: { value: new Color(o.halo) },
      // The layers panel's opacity for the layer these glyphs belong to (layer-fade.ts).
      layerOpacity: { value: 1 },
    },
    transparent: true,
    depthTest: false,
    depthWrite: false,
  });
  const mesh = new Mesh(geometry, material);
  mesh.frustumCulled = false;
  mesh.renderOrder = o.renderOrder;
  mesh.visible = false;
  return { mesh, geometry, material };
}
