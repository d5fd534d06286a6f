// Leaflet and its stylesheet, only ever imported lazily, and only in a browser
// (web/features/map/map-view-parts.tsx).
import 'leaflet/dist/leaflet.css';
import './map.css';
import L from 'leaflet';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { MapConfig } from '../../../contract/festival';
import { MapLegend } from './map-legend';
import type { Position } from './near-me';
import { PinLayer, type MapVenue } from './pin-layer';

export type { MapVenue } from './pin-layer';

export interface PorchMapProps {
  map: MapConfig;
  venues: readonly MapVenue[];
  /** The venue shown under the map, marked on it. */
  chosen: number | null;
  /** Where "Near me" found the person, once it has. */
  here: Position | null;
  onSelect: (id: number) => void;
  /** The id of what follows the map: "Skip the map" moves the focus there. */
  skipTo: string;
}

/**
 * The porch map (docs/decisions/0024, 0034 and 0056): "Skip the map" before it, so the keyboard
 * need not pass every marker; its pins and count bubbles (web/features/map/pin-layer.ts), each a
 * button that Enter or Space opens like a tap; its key under it. The venue list beside the map
 * carries the same venues for anyone who does not use it.
 */
export default function PorchMap({ map, venues, chosen, here, onSelect, skipTo }: PorchMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const pins = useRef<PinLayer | null>(null);
  const select = useRef(onSelect);
  const [grouped, setGrouped] = useState(false);
  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    // Zooms glide, unless the person has asked their system for less motion.
    const glide = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const m = L.map(element.current!, {
      center: map.center,
      zoom: map.zoom,
      zoomAnimation: glide,
      fadeAnimation: glide,
      markerZoomAnimation: glide,
    });
    L.tileLayer(map.tile_url, { attribution: map.tile_attribution, maxZoom: 19 }).addTo(m);
    pins.current = new PinLayer(m, (id) => select.current(id), setGrouped);
    return () => {
      pins.current?.remove();
      pins.current = null;
      m.remove();
    };
  }, [map]);

  // In this order when the map opens: the venues fitted in view, the chosen one marked, then "you".
  useEffect(() => pins.current?.setVenues(venues, map.zoom), [venues, map]);
  useEffect(() => pins.current?.choose(chosen), [chosen, map]);
  useEffect(() => pins.current?.showHere(here), [here, map]);

  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(skipTo)?.focus();
  };

  return (
    <div className="porch-map-block">
      <a href={`#${skipTo}`} className="visually-hidden-focusable" onClick={skip}>
        Skip the map
      </a>
      <div ref={element} className="porch-map" role="region" aria-label="Porch map" data-testid="porch-map" />
      <MapLegend
        playing={venues.some((v) => v.playing)}
        grouped={grouped}
        chosen={chosen !== null && venues.some((v) => v.id === chosen)}
        here={here !== null}
      />
    </div>
  );
}
