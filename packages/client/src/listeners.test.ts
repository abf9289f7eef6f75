import { describe, expect, it } from 'vitest';
import { createListeners } from './listeners.js';

describe('createListeners', () => {
  it('calls each listener on notify, in the order they subscribed, until it unsubscribes', () => {
    const listeners = createListeners();
    const heard: string[] = [];
    const stopA = listeners.subscribe(() => heard.push('a'));
    listeners.subscribe(() => heard.push('b'));
    listeners.notify();
    stopA();
    listeners.notify();
    expect(heard).toEqual(['a', 'b', 'b']);
  });

  it('notifies the listeners there were when the change happened: one added meanwhile hears the next one', () => {
    const listeners = createListeners();
    const heard: string[] = [];
    let added = false;
    listeners.subscribe(() => {
      heard.push('first');
      if (added) return;
      added = true;
      listeners.subscribe(() => heard.push('late'));
    });
    listeners.notify();
    expect(heard).toEqual(['first']);
    listeners.notify();
    expect(heard).toEqual(['first', 'first', 'late']);
  });

  it('keeps one subscription per listener function, as a set does', () => {
    const listeners = createListeners();
    let calls = 0;
    const listener = () => calls++;
    listeners.subscribe(listener);
    const stop = listeners.subscribe(listener);
    listeners.notify();
    stop();
    listeners.notify();
    expect(calls).toBe(1);
  });
});
