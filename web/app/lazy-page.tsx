import { lazy, useEffect, type ComponentType } from 'react';
import { takeOverDone } from '../lib/device-value';

/**
 * React.lazy for a module's named export (house style has no default exports), so each
 * screen is its own chunk and the first page loads only what it shows.
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => {
    const Screen: ComponentType = (await load())[name];
    return {
      default: function LoadedScreen() {
        return (
          <>
            <TakenOver />
            <Screen />
          </>
        );
      },
    };
  });
}

/**
 * On a page the server drew (docs/decisions/0048), marks it as taken over once its screen is
 * hydrated: from then on it answers taps (the e2e harness waits for the mark). Draws nothing.
 */
function TakenOver() {
  useEffect(() => {
    takeOverDone();
    const root = document.getElementById('root');
    if (root?.dataset.firstView === 'server') root.dataset.firstView = 'taken';
  }, []);
  return null;
}
