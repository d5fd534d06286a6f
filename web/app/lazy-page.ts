import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a module's named export (house style has no default exports), so each
 * screen is its own chunk and the first page loads only what it shows.
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
