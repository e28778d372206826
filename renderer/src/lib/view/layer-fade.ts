/**
 * The layers panel's opacity on Three.js objects: each material keeps its own opacity (a
 * see-through hill shading, a 0.22 border) and the layer's slider multiplies it. The own
 * values are remembered in the material's userData the first time, so fading again, or
 * back to 1, always starts from them. Labels drawn by a ShaderMaterial read the factor from
 * their `layerOpacity` uniform (glyph-atlas.ts GLYPH_FRAGMENT).
 *
 * Renderer layer: Three.js.
 */
import type { Material, Object3D } from 'three';

interface Own {
  readonly opacity: number;
  readonly transparent: boolean;
}

/** Fades every material under `root` to its own opacity × `opacity`. */
export function fadeTree(root: Object3D, opacity: number): void {
  root.traverse((o) => {
    const m = (o as Object3D & { material?: Material | Material[] }).material;
    if (!m) return;
    for (const mat of Array.isArray(m) ? m : [m]) fadeMaterial(mat, opacity);
  });
}

export function fadeMaterial(mat: Material, opacity: number): void {
  const own = (mat.userData.own as Own | undefined) ?? (mat.userData.own = { opacity: mat.opacity, transparent: mat.transparent } satisfies Own);
  mat.opacity = own.opacity * opacity;
  // An opaque material (the painted terrain) blends only while faded.
  const transparent = own.transparent || opacity < 1;
  if (mat.transparent !== transparent) {
    mat.transparent = transparent;
    mat.needsUpdate = true;
  }
  const uniform = (mat as Material & { uniforms?: Record<string, { value: unknown }> }).uniforms?.layerOpacity;
  if (uniform) uniform.value = opacity;
}
