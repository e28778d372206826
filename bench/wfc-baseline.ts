/**
 * A plain WaveFunctionCollapse written here over Sandtable's own compiled library: the assembly
 * bench's baseline for what the published peer cannot take — hexagon maps, the globe and a
 * connected road network. The published WFC, `wavefunctioncollapse` (mxgmn's SimpleTiledModel),
 * is run beside the solver on square maps by bench/assemble-peer.ts. This one: boolean
 * domains, the least-entropy cell collapsed by weight, propagation by re-filtering each neighbour against the signatures the
 * changed cell still offers (AC-3 as WFC implementations do), and on a contradiction a
 * RESTART from scratch with the next seed — no backtracking, no backjumping. A connectivity
 * requirement is what plain WFC users do: generate, test with a flood fill, restart.
 *
 * It reads the same compiled tile set (core/assemble AssemblyLibrary: candidates and edge
 * signatures), so both answer the same fit relation on the same inputs.
 */
import type { AssemblyLibrary } from '../core/assemble/library.js';
import type { Topology } from '../core/assemble/topology.js';
import { seededRandom } from '../core/util/random.js';

export interface WfcOptions {
  readonly seed: number;
  readonly boundary?: 'closed' | 'any';
  readonly connectivity?: { readonly terrains: readonly string[] };
  /** Attempts before giving up. */
  readonly maxAttempts: number;
  /** Milliseconds before giving up (checked between attempts and every 256 collapses). */
  readonly budgetMs: number;
}

export interface WfcResult {
  readonly ok: boolean;
  readonly attempts: number;
  readonly contradictions: number;
  readonly disconnected: number;
  /** Candidate per cell when ok. */
  readonly chosen: Int32Array | null;
}

export function plainWfc(topo: Topology, lib: AssemblyLibrary, options: WfcOptions): WfcResult {
  const start = performance.now();
  const C = topo.cellCount;
  const E = topo.maxSlots;
  const closed = lib.closedSignatures();
  const terrains = new Set(options.connectivity?.terrains ?? []);
  const sigNet = lib.crossingSignatures(terrains);
  const S = lib.signatureCount;
  let contradictions = 0;
  let disconnected = 0;
  for (let attempt = 1; attempt <= options.maxAttempts; attempt++) {
    if (attempt > 1 && performance.now() - start > options.budgetMs) return { ok: false, attempts: attempt - 1, contradictions, disconnected, chosen: null };
    const random = seededRandom(options.seed + attempt - 1);
    const dom: Uint8Array[] = [];
    const size = new Int32Array(C);
    for (let c = 0; c < C; c++) {
      const k = lib.classes[topo.shapeClass[c]!]!;
      dom.push(new Uint8Array(k.count).fill(1));
      size[c] = k.count;
    }
    const stack: number[] = [];
    const inStack = new Uint8Array(C);
    const push = (c: number): void => {
      if (!inStack[c]) {
        inStack[c] = 1;
        stack.push(c);
      }
    };
    let failed = false;
    if (options.boundary === 'closed') {
      for (let c = 0; c < C; c++) {
        const k = lib.classes[topo.shapeClass[c]!]!;
        for (let s = 0; s < k.slots; s++) {
          if (topo.neighbour[c * E + s]! >= 0) continue;
          for (let a = 0; a < k.count; a++) {
            if (dom[c]![a] && !closed[k.sig[a * k.slots + s]!]) {
              dom[c]![a] = 0;
              size[c]!--;
            }
          }
        }
        if (size[c] === 0) failed = true;
        push(c);
      }
    }
    const offered = new Uint8Array(S);
    const propagate = (): boolean => {
      while (stack.length > 0) {
        const c = stack.pop()!;
        inStack[c] = 0;
        const k = lib.classes[topo.shapeClass[c]!]!;
        for (let s = 0; s < k.slots; s++) {
          const m = topo.neighbour[c * E + s]!;
          if (m < 0) continue;
          offered.fill(0);
          for (let a = 0; a < k.count; a++) if (dom[c]![a]) offered[k.sig[a * k.slots + s]!] = 1;
          const km = lib.classes[topo.shapeClass[m]!]!;
          const b = topo.backSlot[c * E + s]!;
          let changed = false;
          for (let x = 0; x < km.count; x++) {
            if (dom[m]![x] && !offered[km.want[x * km.slots + b]!]) {
              dom[m]![x] = 0;
              size[m]--;
              changed = true;
            }
          }
          if (size[m] === 0) return false;
          if (changed) push(m);
        }
      }
      return true;
    };
    if (failed || !propagate()) {
      contradictions++;
      continue;
    }
    let collapses = 0;
    for (;;) {
      if ((++collapses & 255) === 0 && performance.now() - start > options.budgetMs) return { ok: false, attempts: attempt, contradictions, disconnected, chosen: null };
      // Least Shannon entropy of the weights left, a little noise breaking ties (as WFC does).
      let best = -1;
      let bestH = Infinity;
      for (let c = 0; c < C; c++) {
        if (size[c]! < 2) continue;
        const w = lib.classes[topo.shapeClass[c]!]!.weight;
        let W = 0, WlogW = 0;
        for (let a = 0; a < w.length; a++) {
          if (dom[c]![a] && w[a]! > 0) {
            W += w[a]!;
            WlogW += w[a]! * Math.log(w[a]!);
          }
        }
        const h = (W > 0 ? Math.log(W) - WlogW / W : 0) + random() * 1e-6;
        if (h < bestH) {
          bestH = h;
          best = c;
        }
      }
      if (best < 0) break;
      const w = lib.classes[topo.shapeClass[best]!]!.weight;
      let W = 0;
      for (let a = 0; a < w.length; a++) if (dom[best]![a]) W += w[a]!;
      let r = random() * W;
      let pick = -1;
      for (let a = 0; a < w.length && pick < 0; a++) if (dom[best]![a] && (r -= w[a]!) < 0) pick = a;
      if (pick < 0) for (let a = w.length - 1; a >= 0 && pick < 0; a--) if (dom[best]![a]) pick = a;
      for (let a = 0; a < w.length; a++) {
        if (a !== pick && dom[best]![a]) {
          dom[best]![a] = 0;
          size[best]!--;
        }
      }
      push(best);
      if (!propagate()) {
        failed = true;
        break;
      }
    }
    if (failed) {
      contradictions++;
      continue;
    }
    const chosen = Int32Array.from(dom, (d) => d.indexOf(1));
    if (options.connectivity && !connected(topo, lib, chosen, sigNet, terrains)) {
      disconnected++;
      continue;
    }
    return { ok: true, attempts: attempt, contradictions, disconnected, chosen };
  }
  return { ok: false, attempts: options.maxAttempts, contradictions, disconnected, chosen: null };
}

/** Flood fill of the finished map's network: one component? */
function connected(topo: Topology, lib: AssemblyLibrary, chosen: Int32Array, sigNet: Uint8Array, terrains: ReadonlySet<string>): boolean {
  const E = topo.maxSlots;
  const isNet = (c: number): boolean => {
    const k = lib.classes[topo.shapeClass[c]!]!;
    return lib.tiles[k.tile[chosen[c]!]!]!.elements.some((e) => terrains.has(e.terrain));
  };
  const crosses = (c: number, s: number): boolean => {
    const k = lib.classes[topo.shapeClass[c]!]!;
    return sigNet[k.sig[chosen[c]! * k.slots + s]!] === 1;
  };
  const seen = new Uint8Array(topo.cellCount);
  let components = 0;
  for (let s0 = 0; s0 < topo.cellCount; s0++) {
    if (seen[s0] || !isNet(s0)) continue;
    if (++components > 1) return false;
    const queue = [s0];
    seen[s0] = 1;
    for (let h = 0; h < queue.length; h++) {
      const c = queue[h]!;
      for (let s = 0; s < topo.slotCount[c]!; s++) {
        const m = topo.neighbour[c * E + s]!;
        if (m < 0 || seen[m] || !isNet(m) || !crosses(c, s) || !crosses(m, topo.backSlot[c * E + s]!)) continue;
        seen[m] = 1;
        queue.push(m);
      }
    }
  }
  return true;
}
