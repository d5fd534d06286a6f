import { act, renderHook } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceStore, useDeviceStore } from './device-store';
import { takeOverDone, takeOverStarts } from './device-value';

const numbers = (value: unknown) =>
  Array.isArray(value) && value.every((v) => typeof v === 'number') ? value : undefined;

let n = 0;
const freshStore = () => deviceStore<readonly number[]>(`test.device-store.${++n}`, numbers, []);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a device store', () => {
  it('reads what it wrote, as the same snapshot until the stored text changes', () => {
    const store = freshStore();
    expect(store.read()).toEqual([]);
    expect(store.write([1, 2])).toBe(true);
    expect(window.localStorage.getItem(store.key)).toBe('[1,2]');
    expect(store.read()).toBe(store.read());
    expect(store.read()).toEqual([1, 2]);
  });

  it('reads text that is not JSON, or not the shape, as empty and says it is unreadable', () => {
    const store = freshStore();
    for (const bad of ['{not json', '{"a":1}', '["x"]']) {
      window.localStorage.setItem(store.key, bad);
      expect(store.read()).toEqual([]);
      expect(store.unreadable()).toBe(true);
    }
    store.remove();
    expect(store.unreadable()).toBe(false);
    expect(window.localStorage.getItem(store.key)).toBeNull();
  });

  it('hears a change made in another tab through the storage event', () => {
    const store = freshStore();
    const { result, unmount } = renderHook(() => useDeviceStore(store));
    expect(result.current).toEqual([]);
    act(() => {
      window.localStorage.setItem(store.key, '[7]');
      window.dispatchEvent(new StorageEvent('storage', { key: store.key }));
    });
    expect(result.current).toEqual([7]);
    act(() => {
      window.localStorage.setItem(store.key, '[8]');
      window.dispatchEvent(new StorageEvent('storage', { key: 'another.key' }));
    });
    expect(result.current).toEqual([7]);
    unmount();
  });

  it('keeps a value storage refused for this page only', () => {
    const store = freshStore();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(store.write([3])).toBe(false);
    expect(store.read()).toEqual([3]);
    expect(window.localStorage.getItem(store.key)).toBeNull();
  });

  it("draws the empty value while a page is drawn, whatever the device holds, and the device's once taken over", async () => {
    const store = freshStore();
    store.write([5]);
    function Probe() {
      return createElement('span', null, useDeviceStore(store).join(',') || 'none');
    }
    // What the server draws (this test has a window, so it says the page is being drawn).
    takeOverStarts();
    const html = renderToString(createElement(Probe));
    expect(html).toContain('none');

    // The browser takes that drawing over without an error (the same text at first), then shows
    // the device's value in a transition.
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, createElement(Probe), { onRecoverableError: (error) => errors.push(error) });
    });
    takeOverDone();
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('5');
    container.remove();
  });

  it('reads the device at once in what the browser draws itself after a take-over', () => {
    const store = freshStore();
    store.write([7]);
    const { result } = renderHook(() => useDeviceStore(store));
    expect(result.current).toEqual([7]);
  });
});
