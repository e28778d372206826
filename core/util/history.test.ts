import { describe, expect, it } from 'vitest';
import { History } from './history.js';

describe('History', () => {
  it('undoes and redoes in order, and a push forgets the redo branch', () => {
    const h = new History('a');
    h.push('b');
    h.push('c');
    expect(h.undo()).toBe('b');
    expect(h.undo()).toBe('a');
    expect(h.canUndo).toBe(false);
    expect(h.undo()).toBe('a');
    expect(h.redo()).toBe('b');
    h.push('x');
    expect(h.canRedo).toBe(false);
    expect(h.redo()).toBe('x');
    expect(h.undo()).toBe('b');
  });

  it('replace changes the present without a step; pushing the present is no step', () => {
    const h = new History(1);
    h.push(2);
    h.replace(3);
    h.push(3);
    expect(h.undo()).toBe(1);
    expect(h.redo()).toBe(3);
  });

  it('keeps at most `limit` past states', () => {
    const h = new History(0, 3);
    for (let i = 1; i <= 10; i++) h.push(i);
    let steps = 0;
    while (h.canUndo) {
      h.undo();
      steps++;
    }
    expect(steps).toBe(3);
    expect(h.present).toBe(7);
  });
});
