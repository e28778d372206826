/**
 * Whether WebGL here runs on a software rasteriser (SwiftShader, llvmpipe): headless
 * browser mode, virtual machines, machines without a GPU driver. There, multisampling costs
 * 10–20× per frame (measured by bench/render.bench.ts: a 10 k-tile map pans at ~27 ms a
 * frame without it, ~630 ms with it), so the views switch antialiasing off; on a GPU it stays
 * on. Asked once, with a throw-away context, because antialiasing is fixed when a WebGL
 * context is created.
 *
 * Renderer layer: DOM (a canvas) only.
 */
let cached: { software: boolean; name: string } | null = null;

export function glRenderer(): { software: boolean; name: string } {
  if (cached) return cached;
  let name = 'unknown';
  try {
    const canvas = document.createElement('canvas');
    const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
    if (gl) {
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  } catch {
    // No WebGL at all: the view's own renderer will report it.
  }
  cached = { software: /swiftshader|llvmpipe|softpipe|software/i.test(name), name };
  return cached;
}
