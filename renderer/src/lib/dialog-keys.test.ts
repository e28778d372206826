import { describe, expect, it, vi } from 'vitest';
import { escapeCloses } from './dialog-keys.js';

function key(name: string) {
  return { key: name, preventDefault: vi.fn(), stopPropagation: vi.fn() };
}

describe('escapeCloses', () => {
  it('closes on Escape and keeps the workspace from handling it too', () => {
    const close = vi.fn();
    const e = key('Escape');
    escapeCloses(close)(e);
    expect(close).toHaveBeenCalledOnce();
    expect(e.preventDefault).toHaveBeenCalled();
    expect(e.stopPropagation).not.toHaveBeenCalled();
  });

  it('lets other keys through, unless the dialog isolates every key', () => {
    const close = vi.fn();
    const plain = key('z');
    escapeCloses(close)(plain);
    expect(plain.preventDefault).not.toHaveBeenCalled();
    expect(plain.stopPropagation).not.toHaveBeenCalled();
    const isolated = key('z');
    escapeCloses(close, true)(isolated);
    expect(isolated.stopPropagation).toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });
});
