import { useMemo, useState } from 'react';
import { distanceMetres } from './distance';

export type Position = { latitude: number; longitude: number };
export type Pinned = { latitude: number | null; longitude: number | null };

export const hasPin = <T extends Pinned>(v: T): v is T & Position => v.latitude !== null && v.longitude !== null;

/**
 * "Near me" (docs/decisions/0024-porch-map-and-amenities.md): asks for the position once, on a
 * press; refused or unavailable, it says so and nothing else changes.
 */
export function useNearMe() {
  const [here, setHere] = useState<Position | null>(null);
  const [status, setStatus] = useState('');
  const ask = () => {
    if (!('geolocation' in navigator)) {
      setStatus('This browser cannot share its location.');
      return;
    }
    setStatus('Finding your location…');
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setHere({ latitude: p.coords.latitude, longitude: p.coords.longitude });
        setStatus('Venues are ordered by distance from you.');
      },
      () => setStatus('Your location is not available; venues stay in address order.'),
      { timeout: 15000 },
    );
  };
  return { here, status, ask };
}

/** The "Near me" button and what it found, announced politely. */
export function NearMeBar({ status, onAsk }: { status: string; onAsk: () => void }) {
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
      <button type="button" className="btn btn-outline-primary btn-sm" onClick={onAsk}>
        Near me
      </button>
      <span className="small" role="status">
        {status}
      </span>
    </div>
  );
}

/** The items with their distance from `here`, nearest first and unpinned last; as given without `here`. */
export function useByDistance<T extends Pinned>(items: readonly T[], here: Position | null) {
  return useMemo(() => {
    const withDistance = items.map((item) => ({
      item,
      metres: here && hasPin(item) ? distanceMetres(here, item) : null,
    }));
    if (!here) return withDistance;
    return [...withDistance].sort((a, b) => (a.metres ?? Infinity) - (b.metres ?? Infinity));
  }, [items, here]);
}
