/**
 * One core/render `PieceMesh` (a merged triangle buffer of one SPEC §5 element) as one
 * Three.js mesh: one draw call. The attributes share core's typed arrays (no copy); after an
 * edit only the dirty vertex range core reports is uploaded (`addUpdateRange`), and only
 * when core had to grow its arrays are the attributes re-created.
 *
 * Renderer layer: Three.js.
 */
import { BufferAttribute, BufferGeometry, DataTexture, DoubleSide, LinearFilter, LinearMipmapLinearFilter, LineBasicMaterial, LineSegments, Mesh, MeshBasicMaterial, RGBAFormat, UnsignedByteType } from 'three';
import type { WebGLProgramParametersWithUniforms } from 'three';
import type { DirtyRange, MeshBuffers } from '../../../../core/render/pieces.js';
import { symbolAtlas, UV_RANGE, type AreaSymbols, type SymbolAtlas } from '../../../../core/render/index.js';

/** What a piece buffer offers beyond MeshBuffers when it can change after the build. */
interface Growable extends MeshBuffers {
  grown?: boolean;
}

export class PieceObject {
  readonly mesh: Mesh;
  readonly geometry = new BufferGeometry();
  private buffers: Growable;
  private symbols: AreaSymbols | null;

  /** `symbols`: the terrain symbols of element (A), drawn by this mesh's own shader from the atlas. */
  constructor(buffers: Growable, options: { transparent: boolean; renderOrder: number; depthTest?: boolean; globe?: boolean; symbols?: AreaSymbols }) {
    this.buffers = buffers;
    this.symbols = options.symbols ?? null;
    this.bind();
    const material = new MeshBasicMaterial({
      vertexColors: true,
      transparent: options.transparent,
      depthWrite: !options.transparent,
      depthTest: options.depthTest ?? true,
      side: DoubleSide,
      // Three draws transparent double-sided meshes in two passes by default; flat pieces
      // need one (one draw call per element).
      forceSinglePass: true,
    });
    patchShader(material, options.globe ?? false, this.symbols ? atlasTexture() : null);
    this.mesh = new Mesh(this.geometry, material);
    this.mesh.renderOrder = options.renderOrder;
    this.mesh.frustumCulled = false;
  }

  /** Points the geometry at the (new) arrays of `buffers`: a rebuild, or arrays that grew. */
  replace(buffers: Growable, symbols?: AreaSymbols): void {
    this.buffers = buffers;
    if (symbols) this.symbols = symbols;
    this.bind();
  }

  private bind(): void {
    const b = this.buffers;
    const g = this.geometry;
    g.setAttribute('position', new BufferAttribute(b.positions, 3));
    g.setAttribute('color', new BufferAttribute(b.colors, 4, true));
    if (this.symbols) {
      g.setAttribute('symbolUv', new BufferAttribute(this.symbols.uv, 2, true));
      g.setAttribute('symbol', new BufferAttribute(this.symbols.symbol, 4, true));
    }
    g.setIndex(new BufferAttribute(b.indices, 1));
    g.setDrawRange(0, b.pieceCount * b.indicesPerPiece);
    if (b.grown) b.grown = false;
  }

  /** Uploads what changed: the dirty range, or everything after the arrays grew. */
  update(range: DirtyRange): void {
    const b = this.buffers;
    if (b.grown || b.positions !== this.geometry.getAttribute('position').array || b.indices !== this.geometry.getIndex()?.array) {
      this.bind();
      return;
    }
    this.geometry.setDrawRange(0, b.pieceCount * b.indicesPerPiece);
    if (range.count <= 0) return;
    const pos = this.geometry.getAttribute('position') as BufferAttribute;
    const col = this.geometry.getAttribute('color') as BufferAttribute;
    pos.addUpdateRange(3 * range.start, 3 * range.count);
    pos.needsUpdate = true;
    col.addUpdateRange(4 * range.start, 4 * range.count);
    col.needsUpdate = true;
    this.uploadSymbols(range);
  }

  /**
   * Tile borders: the edges of every piece as line segments over the SAME position buffer
   * (no copy, one extra draw call), for seeing tiles whose terrain is alike or empty.
   */
  borders(colour: string, opacity: number): LineSegments {
    const b = this.buffers;
    const k = b.verticesPerPiece;
    const idx = new Uint32Array(b.pieceCount * k * 2);
    for (let p = 0, o = 0; p < b.pieceCount; p++) {
      const base = p * k;
      for (let j = 0; j < k; j++) {
        idx[o++] = base + j;
        idx[o++] = base + ((j + 1) % k);
      }
    }
    const g = new BufferGeometry();
    g.setAttribute('position', this.geometry.getAttribute('position'));
    g.setIndex(new BufferAttribute(idx, 1));
    const lines = new LineSegments(g, new LineBasicMaterial({ color: colour, transparent: true, opacity, depthWrite: false }));
    lines.frustumCulled = false;
    return lines;
  }

  /** Uploads only colours of vertices [start, start + count) (an in-place recolour). */
  updateColours(range: DirtyRange): void {
    if (range.count <= 0) return;
    const col = this.geometry.getAttribute('color') as BufferAttribute;
    col.addUpdateRange(4 * range.start, 4 * range.count);
    col.needsUpdate = true;
    this.uploadSymbols(range);
  }

  /** Symbols change with the terrain, over the same vertices as the colours. */
  private uploadSymbols(range: DirtyRange): void {
    const sym = this.geometry.getAttribute('symbol') as BufferAttribute | undefined;
    if (!sym) return;
    sym.addUpdateRange(4 * range.start, 4 * range.count);
    sym.needsUpdate = true;
  }

  dispose(): void {
    this.geometry.dispose();
    (this.mesh.material as MeshBasicMaterial).dispose();
  }
}

let atlasTex: DataTexture | null = null;

/** The symbol atlas of core/render as one texture, shared by every map (built once). */
export function atlasTexture(): DataTexture {
  if (atlasTex) return atlasTex;
  const a: SymbolAtlas = symbolAtlas();
  const tex = new DataTexture(a.pixels, a.width, a.height, RGBAFormat, UnsignedByteType);
  tex.flipY = false;
  tex.generateMipmaps = true;
  tex.minFilter = LinearMipmapLinearFilter;
  tex.magFilter = LinearFilter;
  tex.anisotropy = 4;
  tex.needsUpdate = true;
  tex.userData = { cols: a.cols, rows: a.rows };
  atlasTex = tex;
  return tex;
}

/**
 * The two additions to Three's basic material, one program each combination:
 * - globe shading without a normal buffer: on a sphere centred at the origin the position is
 *   the normal. Tiles facing the viewer keep their exact catalogue colour (factor 1 where the
 *   surface faces the eye within ~18°); towards the limb they darken to 50 %, so the globe
 *   reads as a ball and terrain colours stay true where the designer is looking;
 * - terrain symbols: the `symbol` attribute names an atlas cell and a colour, `symbolUv` the
 *   pixel's place in its tile; the cell's coverage tints the fill. Symbols fade out as a tile
 *   shrinks below ~12 px across (they would only grey the map), measured by the screen
 *   derivative of `symbolUv`.
 */
export function patchShader(material: MeshBasicMaterial, globe: boolean, atlas: DataTexture | null): void {
  if (!globe && !atlas) return;
  material.onBeforeCompile = (shader: WebGLProgramParametersWithUniforms) => {
    let vDecl = '';
    let vBody = '';
    let fDecl = '';
    let fBody = '';
    if (globe) {
      vDecl += 'varying float vShade;\n';
      vBody += 'vShade = mix(0.5, 1.0, smoothstep(0.1, 0.95, normalize(normalMatrix * position).z));\n';
      fDecl += 'varying float vShade;\n';
    }
    if (atlas) {
      const { cols, rows } = atlas.userData as { cols: number; rows: number };
      shader.uniforms.symbolAtlas = { value: atlas };
      vDecl += 'attribute vec2 symbolUv;\nattribute vec4 symbol;\nvarying vec2 vSymUv;\nvarying vec4 vSymbol;\n';
      vBody += `vSymUv = symbolUv * ${UV_RANGE.toFixed(1)};\nvSymbol = symbol;\n`;
      fDecl += 'uniform sampler2D symbolAtlas;\nvarying vec2 vSymUv;\nvarying vec4 vSymbol;\n';
      fBody += `{
        float slot = floor(vSymbol.a * 255.0 + 0.5);
        vec2 px = fwidth(vSymUv);
        float fade = 1.0 - smoothstep(0.09, 0.17, max(px.x, px.y));
        // Sampled outside any branch: mip selection needs the derivatives of every pixel.
        float k = max(slot - 1.0, 0.0);
        vec2 cell = vec2(mod(k, ${cols.toFixed(1)}), floor(k / ${cols.toFixed(1)}));
        vec2 st = (cell + clamp(vSymUv * 0.5 + 0.5, 0.0, 1.0)) / vec2(${cols.toFixed(1)}, ${rows.toFixed(1)});
        float cover = texture2D(symbolAtlas, st).a * fade * step(0.5, slot);
        diffuseColor.rgb = mix(diffuseColor.rgb, vSymbol.rgb, cover);
        // Point symbols (vector maps) are quads of alpha 0 round their symbol.
        diffuseColor.a = max(diffuseColor.a, cover);
      }\n`;
    }
    if (globe) fBody += 'diffuseColor.rgb *= vShade;\n';
    shader.vertexShader = shader.vertexShader.replace('#include <common>', `#include <common>\n${vDecl}`).replace('#include <begin_vertex>', `#include <begin_vertex>\n${vBody}`);
    shader.fragmentShader = shader.fragmentShader.replace('#include <common>', `#include <common>\n${fDecl}`).replace('#include <color_fragment>', `#include <color_fragment>\n${fBody}`);
  };
  material.customProgramCacheKey = () => `sandtable-pieces-${globe ? 'globe' : 'flat'}-${atlas ? 'symbols' : 'plain'}`;
}
