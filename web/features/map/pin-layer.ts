// Leaflet's part of the porch map, only ever imported with it (web/features/map/porch-map.tsx).
import L from 'leaflet';
import { groupLabel, groupNearby } from './clusters';
import { distanceMetres } from './distance';
import type { Position } from './near-me';
import { pinIcon } from './pin-map';

export interface MapVenue {
  id: number;
  latitude: number;
  longitude: number;
  /** What a marker's name says: the address, and what plays there now and next. */
  label: string;
  playing: boolean;
}

/** Pins closer than this (pixels, at the zoom shown) are drawn as one count bubble. */
const GROUP_RADIUS = 40;
/** From this zoom (a few houses across) every pin is drawn, however close. */
const EVERY_PIN_FROM = 18;
/** "Near me" zooms to show you and your nearest porch, but no closer than a street or two. */
const HERE_ZOOM = 17;
const PADDING: L.PointTuple = [40, 40];

const at = (p: Position) => L.latLng(p.latitude, p.longitude);

/** Enter or Space acts, as a tap does; the key's default (and Leaflet's own Enter) is stopped. */
function onActivate(element: HTMLElement, act: () => void) {
  element.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    act();
  });
}

/**
 * The porch map's markers (docs/decisions/0056): a pin per venue, or a count bubble for pins that
 * would overlap at the zoom shown; the chosen venue always its own pin, marked; a "you are here"
 * dot after "Near me". Only what is in or near the view is in the page (what is beyond the edge not
 * reachable by Tab), and a marker that stays is kept (so a focused pin keeps the focus); the rest
 * is redrawn after each move or zoom.
 */
export class PinLayer {
  private readonly layer: L.LayerGroup;
  private readonly drawn = new Map<string, { marker: L.Marker; venue: number | null }>();
  private venues: readonly MapVenue[] = [];
  private fitted = '';
  private chosen: number | null = null;
  private here: L.Marker | null = null;

  constructor(
    private readonly map: L.Map,
    private readonly onSelect: (id: number) => void,
    /** Told whether any count bubble is drawn (the legend explains them only then). */
    private readonly onGrouped: (grouped: boolean) => void,
  ) {
    this.layer = L.layerGroup().addTo(map);
    map.on('zoomend moveend', this.draw);
  }

  remove() {
    this.map.off('zoomend moveend', this.draw);
    this.layer.remove();
  }

  /** The venues to show; a new set of venues (filters) is fitted in view, never closer than `zoom`. */
  setVenues(venues: readonly MapVenue[], zoom: number) {
    this.venues = venues;
    const ids = venues.map((v) => v.id).join(',');
    // The same venues with new names (a slot starts) keep the view the person has.
    if (ids !== this.fitted && venues.length > 0) {
      this.fitted = ids;
      this.map.fitBounds(L.latLngBounds(venues.map(at)), { padding: PADDING, maxZoom: zoom, animate: false });
    }
    this.draw();
  }

  /** Marks the chosen venue, brought into view if the list chose one off the map. */
  choose(id: number | null) {
    this.chosen = id;
    this.draw();
    const venue = this.venues.find((v) => v.id === id);
    if (venue && !this.map.getBounds().contains(at(venue))) this.map.panTo(at(venue));
  }

  /** The "you are here" dot, and a zoom to show it with the nearest porch. */
  showHere(here: Position | null) {
    if (!here) {
      this.here?.remove();
      this.here = null;
      return;
    }
    if (this.here) this.here.setLatLng(at(here));
    else {
      const icon = L.divIcon({
        className: 'porch-here',
        html: '<span></span>',
        iconSize: [20, 20],
        iconAnchor: [10, 10],
      });
      this.here = L.marker(at(here), { icon, keyboard: false, interactive: false, zIndexOffset: 500 }).addTo(this.map);
      const dot = this.here.getElement();
      dot?.setAttribute('role', 'img');
      dot?.setAttribute('aria-label', 'You are here');
    }
    let nearest: MapVenue | undefined;
    let best = Infinity;
    for (const venue of this.venues) {
      const metres = distanceMetres(here, venue);
      if (metres < best) [nearest, best] = [venue, metres];
    }
    if (nearest) this.map.fitBounds(L.latLngBounds([at(here), at(nearest)]), { padding: PADDING, maxZoom: HERE_ZOOM });
    else this.map.setView(at(here), HERE_ZOOM);
  }

  private readonly draw = () => {
    const { map } = this;
    const zoom = map.getZoom();
    // Half a screen around the view: a short pan shows markers already drawn.
    const near = map.getBounds().pad(0.5);
    const wanted = new Map<string, () => L.Marker>();
    const chosen = this.venues.find((v) => v.id === this.chosen);
    if (chosen) wanted.set(`pin ${chosen.id} ${chosen.playing} ${chosen.label}`, () => this.pin(chosen));
    const others = this.venues.filter((v) => v !== chosen);
    const groups =
      zoom >= EVERY_PIN_FROM
        ? others.map((v) => ({ items: [v], ...map.project(at(v), zoom) }))
        : groupNearby(
            others.map((v) => ({ item: v, ...map.project(at(v), zoom) })),
            GROUP_RADIUS,
          );
    let grouped = false;
    for (const group of groups) {
      const place = map.unproject([group.x, group.y], zoom);
      if (!near.contains(place)) continue;
      const [first] = group.items;
      if (group.items.length === 1 && first) {
        wanted.set(`pin ${first.id} ${first.playing} ${first.label}`, () => this.pin(first));
      } else {
        grouped = true;
        const key = `group ${zoom} ${group.items.map((v) => `${v.id}${v.playing ? '+' : ''}`).join(',')}`;
        wanted.set(key, () => this.bubble(group.items, place));
      }
    }
    for (const [key, { marker }] of this.drawn) {
      if (wanted.has(key)) continue;
      this.layer.removeLayer(marker);
      this.drawn.delete(key);
    }
    for (const [key, make] of wanted) {
      if (this.drawn.has(key)) continue;
      const marker = make();
      const id = key.startsWith('pin ') ? Number(key.split(' ')[1]) : null;
      this.drawn.set(key, { marker, venue: id });
    }
    // Drawn beyond the edge, a marker is out of the keyboard's way and a screen reader's: focused
    // there it would be hidden, and the browser would scroll the map's panes under Leaflet.
    const view = map.getBounds();
    for (const { marker, venue } of this.drawn.values()) {
      const element = marker.getElement();
      if (!element) continue;
      const shown = view.contains(marker.getLatLng());
      element.tabIndex = shown ? 0 : -1;
      if (shown) element.removeAttribute('aria-hidden');
      else element.setAttribute('aria-hidden', 'true');
      if (venue === null) continue;
      const isChosen = venue === this.chosen;
      marker.setZIndexOffset(isChosen ? 1000 : 0);
      element.classList.toggle('is-chosen', isChosen);
      if (isChosen) element.setAttribute('aria-current', 'true');
      else element.removeAttribute('aria-current');
    }
    this.onGrouped(grouped);
  };

  /** A venue's pin: a button named by its address (and what plays there), choosing it on a tap, Enter or Space. */
  private pin(venue: MapVenue): L.Marker {
    const marker = L.marker(at(venue), {
      icon: pinIcon(venue.playing ? 'is-playing' : ''),
      title: venue.label,
      keyboard: true,
    });
    marker.on('click', () => this.onSelect(venue.id));
    this.layer.addLayer(marker);
    const element = marker.getElement();
    if (element) {
      element.setAttribute('role', 'button');
      element.setAttribute('aria-label', venue.label);
      element.setAttribute('data-venue-id', String(venue.id));
      onActivate(element, () => this.onSelect(venue.id));
    }
    return marker;
  }

  /** A count bubble: a button ("12 porches, zoom in") that zooms to its porches. */
  private bubble(venues: readonly MapVenue[], place: L.LatLng): L.Marker {
    const playing = venues.filter((v) => v.playing).length;
    const label = groupLabel(venues.length, playing);
    const icon = L.divIcon({
      className: `porch-group${playing > 0 ? ' is-playing' : ''}`,
      html: `<span>${venues.length}</span>`,
      iconSize: [36, 36],
      iconAnchor: [18, 18],
    });
    const marker = L.marker(place, { icon, title: label, keyboard: true });
    const zoomIn = (fromKeyboard: boolean) => {
      this.map.fitBounds(L.latLngBounds(venues.map(at)), { padding: PADDING, maxZoom: EVERY_PIN_FROM });
      // The bubble goes as the map zooms: the keyboard's place is the map, from which Tab reaches its pins.
      if (fromKeyboard) this.map.getContainer().focus({ preventScroll: true });
    };
    marker.on('click', () => zoomIn(false));
    this.layer.addLayer(marker);
    const element = marker.getElement();
    if (element) {
      element.setAttribute('role', 'button');
      element.setAttribute('aria-label', label);
      onActivate(element, () => zoomIn(true));
    }
    return marker;
  }
}
