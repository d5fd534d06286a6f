// Leaflet and its stylesheet: this module is only ever imported lazily, and only in a browser
// (web/features/venues/components/venue-location-fields.tsx, and with the porch map), so neither
// is in a page's first load nor in the server's build.
import 'leaflet/dist/leaflet.css';
import './map.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { MapConfig } from '../../../contract/festival';

export interface PinMapProps {
  map: MapConfig;
  /** The pin, or null when none is placed. */
  value: { latitude: number; longitude: number } | null;
  /** Called with the clicked point, rounded to about 10 cm. */
  onPick: (latitude: number, longitude: number) => void;
  label: string;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** A pin drawn with CSS, so no marker image has to be bundled or fetched. */
export const pinIcon = (className = '') =>
  L.divIcon({ className: `porch-pin ${className}`, html: '<span></span>', iconSize: [22, 22], iconAnchor: [11, 22] });

/** A map on which a click places the porch's pin; the latitude and longitude fields are its keyboard alternative. */
export default function PinMap({ map, value, onPick, label }: PinMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const leaflet = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);

  useEffect(() => {
    const m = L.map(element.current!, {
      center: map.center,
      zoom: map.zoom,
      maxBounds: L.latLngBounds(map.bounds).pad(0.1),
    });
    L.tileLayer(map.tile_url, { attribution: map.tile_attribution, maxZoom: 19 }).addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => pick.current(round(e.latlng.lat), round(e.latlng.lng)));
    leaflet.current = m;
    return () => {
      m.remove();
      leaflet.current = null;
      marker.current = null;
    };
  }, [map]);

  useEffect(() => {
    const m = leaflet.current;
    if (!m) return;
    if (!value) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    const at = L.latLng(value.latitude, value.longitude);
    if (marker.current) marker.current.setLatLng(at);
    else marker.current = L.marker(at, { icon: pinIcon(), keyboard: false, interactive: false }).addTo(m);
  }, [value]);

  return <div ref={element} className="pin-map" role="region" aria-label={label} data-testid="pin-map" />;
}
