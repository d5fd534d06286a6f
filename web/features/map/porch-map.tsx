// Leaflet and its stylesheet, only ever imported lazily (web/features/map/map-view-parts.tsx).
import 'leaflet/dist/leaflet.css';
import './map.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { MapConfig } from '../../../contract/festival';
import { pinIcon } from './pin-map';

export interface MapVenue {
  id: number;
  latitude: number;
  longitude: number;
  /** What a marker's name says: the address, and what plays there now. */
  label: string;
  playing: boolean;
}

interface Props {
  map: MapConfig;
  venues: readonly MapVenue[];
  onSelect: (id: number) => void;
}

/**
 * A marker per venue. Leaflet's markers are focusable and Enter opens them like a tap; the
 * venue list beside the map carries the same venues for anyone who does not use it.
 */
export default function PorchMap({ map, venues, onSelect }: Props) {
  const element = useRef<HTMLDivElement>(null);
  const leaflet = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const select = useRef(onSelect);
  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const m = L.map(element.current!, { center: map.center, zoom: map.zoom });
    L.tileLayer(map.tile_url, { attribution: map.tile_attribution, maxZoom: 19 }).addTo(m);
    layer.current = L.layerGroup().addTo(m);
    leaflet.current = m;
    return () => {
      m.remove();
      leaflet.current = null;
      layer.current = null;
    };
  }, [map]);

  useEffect(() => {
    const group = layer.current;
    if (!group) return;
    group.clearLayers();
    for (const venue of venues) {
      const marker = L.marker([venue.latitude, venue.longitude], {
        icon: pinIcon(venue.playing ? 'is-playing' : ''),
        title: venue.label,
        alt: venue.label,
        keyboard: true,
      });
      marker.on('click', () => select.current(venue.id));
      group.addLayer(marker);
      // Leaflet names the marker with title and alt; a button role tells a screen reader it acts.
      const icon = marker.getElement();
      icon?.setAttribute('role', 'button');
      icon?.setAttribute('aria-label', venue.label);
      icon?.setAttribute('data-venue-id', String(venue.id));
      // Enter or Space opens the venue, as a tap does.
      icon?.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        select.current(venue.id);
      });
    }
    // Every marker in sight, but never closer than the festival's own zoom.
    if (venues.length > 0)
      leaflet.current?.fitBounds(L.latLngBounds(venues.map((v) => [v.latitude, v.longitude])), {
        padding: [24, 24],
        maxZoom: map.zoom,
      });
  }, [venues, map.zoom]);

  return <div ref={element} className="porch-map" role="region" aria-label="Porch map" data-testid="porch-map" />;
}
