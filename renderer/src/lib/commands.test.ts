import { describe, expect, it, vi } from 'vitest';
import { CommandBus } from './commands.js';
import { fakeApi } from './stores/fake-api.testkit.js';

describe('the command bus', () => {
  it('sends a command to its handlers and says whether anyone handled it', () => {
    const bus = new CommandBus();
    const fit = vi.fn();
    const off = bus.on('fit', fit);
    expect(bus.dispatch('fit')).toBe(true);
    expect(bus.dispatch('zoomIn')).toBe(false);
    off();
    expect(bus.dispatch('fit')).toBe(false);
    expect(fit).toHaveBeenCalledTimes(1);
  });

  it('fans main-process events out by type and turns menu events into commands', () => {
    const fake = fakeApi();
    const bus = new CommandBus();
    const disconnect = bus.connect(fake.api);
    const progress = vi.fn();
    const save = vi.fn();
    bus.onEvent('job.progress', (e) => progress(e.jobId, e.done));
    bus.on('save', save);
    fake.emit({ type: 'job.progress', jobId: 'j', label: 'x', done: 3, total: 4 });
    fake.emit({ type: 'job.done', jobId: 'j' });
    fake.emit({ type: 'menu', command: 'save' });
    expect(progress).toHaveBeenCalledWith('j', 3);
    expect(save).toHaveBeenCalledTimes(1);
    disconnect();
    fake.emit({ type: 'menu', command: 'save' });
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('types command names: a misspelt one does not compile', () => {
    const bus = new CommandBus();
    // @ts-expect-error 'zoomin' is not a command ('zoomIn' is)
    bus.dispatch('zoomin');
    // @ts-expect-error nor is 'saveas'
    bus.on('saveas', () => {});
    // @ts-expect-error event handlers are typed by the event: job.done has no `done`
    bus.onEvent('job.done', (e) => e.done);
    expect(bus.dispatch('derive')).toBe(false);
  });
});
