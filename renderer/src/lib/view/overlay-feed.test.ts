import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../stores/analysis.svelte.js';
import type { OpenLineage } from '../stores/lineage.svelte.js';
import { DEFAULT_STYLE, derivedAreas, lineageOf, sameStyle, showAnalysis, splitPreview, themeOverlayStyle, type AnalysisOverlays } from './overlay-feed.js';

function recorder(): { calls: string[]; overlays: AnalysisOverlays } {
  const calls: string[] = [];
  const rec =
    (name: string) =>
    (...args: unknown[]) =>
      calls.push(`${name}(${args.map((a) => (a instanceof Int32Array ? `[${Array.from(a).join(' ')}]` : typeof a === 'object' ? 'style' : String(a))).join(', ')})`);
  return {
    calls,
    overlays: { setPending: rec('pending'), clearResult: rec('clear'), setPath: rec('path'), setTiles: rec('tiles'), setSight: rec('sight') },
  };
}

describe('overlay feed', () => {
  it('reads every overlay colour from its theme variable, falling back to the default', () => {
    const style = themeOverlayStyle((name, fallback) => (name === '--danger' ? '#ff0000' : fallback));
    expect(style.blocked).toBe('#ff0000');
    expect(style.hover).toBe(DEFAULT_STYLE.hover);
    expect(sameStyle(style, DEFAULT_STYLE)).toBe(false);
    expect(sameStyle(themeOverlayStyle((_, f) => f), DEFAULT_STYLE)).toBe(true);
  });

  it('turns each analysis result into its overlay call', () => {
    const tiles = Int32Array.of(1, 2);
    const cases: [AnalysisResult | null, string][] = [
      [null, 'clear()'],
      [{ kind: 'path', from: 1, to: 2, cost: null, tiles }, 'clear()'],
      [{ kind: 'path', from: 1, to: 2, cost: 3, tiles }, `path([1 2], 1, 2, ${DEFAULT_STYLE.path})`],
      [{ kind: 'reach', from: 1, budget: 4, tiles, costs: new Float64Array(2) }, `tiles([1 2], ${DEFAULT_STYLE.reach}, 0.42, 1)`],
      [{ kind: 'fov', from: 1, radius: 4, tiles }, `tiles([1 2], ${DEFAULT_STYLE.fov}, 0.45, 1)`],
      [{ kind: 'los', from: 1, to: 5, visible: false, blockedAt: 3 }, 'sight(1, 5, false, 3, style)'],
    ];
    for (const [result, call] of cases) {
      const { calls, overlays } = recorder();
      showAnalysis(overlays, 7, result, DEFAULT_STYLE);
      expect(calls).toEqual([`pending(7, ${DEFAULT_STYLE.path})`, call]);
    }
  });

  it('outlines the children of the open map only, tiles off the map dropped, stale ones dashed', () => {
    const lineage: OpenLineage = {
      mapId: 'parent',
      chain: [{ id: 'parent', name: 'P' }],
      children: [
        { id: 'a', name: 'A', tiles: [3, -1, 4, 99], stale: false },
        { id: 'b', name: 'B', tiles: [5], stale: true },
      ],
    };
    expect(lineageOf(lineage, 'other')).toBeNull();
    expect(derivedAreas(lineageOf(lineage, 'parent'), 10, DEFAULT_STYLE)).toEqual([
      { tiles: [3, 4], dashed: false, colour: DEFAULT_STYLE.derived },
      { tiles: [5], dashed: true, colour: DEFAULT_STYLE.stale },
    ]);
    expect(derivedAreas(null, 10, DEFAULT_STYLE)).toEqual([]);
  });

  it('recolours area tiles in place for area terrain and overlays everything else', () => {
    const isArea = (t: number) => t % 2 === 0;
    expect(splitPreview([0, 1, 2, 3], isArea, false)).toEqual({ area: [0, 2], other: [1, 3] });
    expect(splitPreview([0, 1, 2], isArea, true)).toEqual({ area: [], other: [0, 1, 2] });
  });
});
