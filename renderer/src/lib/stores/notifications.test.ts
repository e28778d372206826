import { afterEach, describe, expect, it, vi } from 'vitest';
import { Notifications } from './notifications.svelte.js';
import { ApiError } from '../../../../contract/api.js';

describe('notifications', () => {
  afterEach(() => vi.useRealTimers());

  it('shows messages and takes them away a while after they are drawn (errors stay longer)', () => {
    vi.useFakeTimers();
    const notes = new Notifications();
    notes.info('Saved');
    notes.error('No such map');
    expect(notes.toasts.map((t) => [t.kind, t.text])).toEqual([['info', 'Saved'], ['error', 'No such map']]);
    vi.advanceTimersByTime(10_000);
    expect(notes.toasts).toHaveLength(2); // not drawn yet (the first frame may take a while)
    for (const t of notes.toasts) notes.shown(t.id);
    notes.shown(notes.toasts[0]!.id); // drawn again: the time is not restarted
    vi.advanceTimersByTime(4000);
    expect(notes.toasts.map((t) => t.text)).toEqual(['No such map']);
    notes.dismiss(notes.toasts[0]!.id);
    expect(notes.toasts).toEqual([]);
  });

  it('shows a call as busy while it runs and a failure as one line', async () => {
    const notes = new Notifications();
    let release!: () => void;
    const running = notes.run('Saving', () => new Promise<string>((r) => (release = () => r('done'))));
    expect(notes.busy).toBe('Saving');
    release();
    await expect(running).resolves.toBe('done');
    expect(notes.busy).toBeNull();

    await expect(notes.run('Opening', async () => Promise.reject(new ApiError('maps.load', 'maps.load: no map with id "x"')), false)).resolves.toBe(false);
    expect(notes.busy).toBeNull();
    expect(notes.toasts.at(-1)).toMatchObject({ kind: 'error', text: 'maps.load: no map with id "x"' });
  });
});
