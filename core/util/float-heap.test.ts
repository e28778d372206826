import { describe, expect, it } from 'vitest';
import { seededRandom } from './random.js';
import { FloatHeap } from './float-heap.js';

describe('FloatHeap', () => {
  it('gives entries back by key, then value, with their tags, growing as needed', () => {
    const random = seededRandom(7);
    const h = new FloatHeap(2);
    const items: [number, number, number][] = [];
    for (let i = 0; i < 500; i++) {
      const e: [number, number, number] = [Math.floor(random() * 20) / 4, Math.floor(random() * 100), i];
      items.push(e);
      h.push(...e);
    }
    const out: [number, number, number][] = [];
    while (h.size > 0) {
      out.push([h.topKey(), h.topValue(), h.topTag()]);
      h.pop();
    }
    const keyOrder = (a: [number, number, number], b: [number, number, number]) => a[0] - b[0] || a[1] - b[1];
    expect(out.map(([k, v]) => [k, v])).toEqual([...items].sort(keyOrder).map(([k, v]) => [k, v]));
    expect(new Set(out.map((e) => e[2])).size).toBe(500);
    for (const [k, v, t] of out) expect(items[t]).toEqual([k, v, t]);
  });
});
