import { lazy, Suspense, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { FestivalConfig } from '../../../../contract/festival';
import { FieldError, invalidProps } from '../../../components/forms/field-error';
import type { VenueFormOutput, VenueFormValues } from './venue-form-view';

type VenueForm = UseFormReturn<VenueFormValues, unknown, VenueFormOutput>;

// Leaflet comes in its own chunk, only when the host opens the map; the server's build, which never
// draws a form, has neither (Leaflet needs a window, docs/decisions/0056).
const PinMap = lazy(() =>
  import.meta.env.SSR ? Promise.reject(new Error('The pin map needs a browser')) : import('../../map/pin-map'),
);

const round = (n: number) => String(Math.round(n * 1e6) / 1e6);
const asText = (value: unknown) => (typeof value === 'string' ? value : '');

interface Props {
  form: VenueForm;
  festival: FestivalConfig | undefined;
}

/**
 * The porch's pin: latitude and longitude fields, "Use my location", and an optional map to click
 * on. The fields work alone, so the map is never needed (keyboard, screen reader, no tiles).
 */
export function VenueLocationFields({ form, festival }: Props) {
  const {
    register,
    setValue,
    watch,
    formState: { errors },
  } = form;
  const [mapOpen, setMapOpen] = useState(false);
  const [locating, setLocating] = useState(false);
  const [status, setStatus] = useState('');
  // The coordinates as typed: text, until the schema reads them as numbers.
  const latitude = asText(watch('latitude'));
  const longitude = asText(watch('longitude'));
  const lat = Number(latitude);
  const lng = Number(longitude);
  const pin =
    latitude.trim() !== '' && longitude.trim() !== '' && Number.isFinite(lat) && Number.isFinite(lng)
      ? { latitude: lat, longitude: lng }
      : null;

  const place = (la: number, ln: number) => {
    setValue('latitude', round(la), { shouldDirty: true });
    setValue('longitude', round(ln), { shouldDirty: true });
  };

  const useMyLocation = () => {
    if (!('geolocation' in navigator)) {
      setStatus('This browser cannot share its location. Type the latitude and longitude instead.');
      return;
    }
    setLocating(true);
    setStatus('');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        place(position.coords.latitude, position.coords.longitude);
        setStatus('Pin placed at your location.');
      },
      () => {
        setLocating(false);
        setStatus('Your location is not available. Type the latitude and longitude instead.');
      },
      { enableHighAccuracy: true, timeout: 15000 },
    );
  };

  const coordinate = (name: 'latitude' | 'longitude', label: string) => {
    const error = errors[name]?.message;
    return (
      <Form.Group className="col-sm-6 mb-2" controlId={name}>
        <Form.Label>{label}</Form.Label>
        <Form.Control
          type="text"
          inputMode="decimal"
          autoComplete="off"
          {...invalidProps(name, error, 'location-hint')}
          {...register(name)}
        />
        <FieldError fieldId={name} error={error} />
      </Form.Group>
    );
  };

  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold mb-1">Porch location on the map</legend>
      <Form.Text id="location-hint" className="d-block mb-2">
        Optional. Place a pin so visitors can find your porch on the festival map: use your location, type the latitude
        and longitude, or click the map.
      </Form.Text>
      <div className="row">
        {coordinate('latitude', 'Latitude')}
        {coordinate('longitude', 'Longitude')}
      </div>
      <div className="d-flex flex-wrap gap-2 mb-2">
        <Button variant="outline-primary" size="sm" onClick={useMyLocation} disabled={locating}>
          {locating ? 'Finding your location…' : 'Use my location'}
        </Button>
        {festival?.map && (
          <Button
            variant="outline-secondary"
            size="sm"
            aria-expanded={mapOpen}
            aria-controls="venue-pin-map"
            onClick={() => setMapOpen((open) => !open)}
          >
            {mapOpen ? 'Hide map' : 'Place the pin on a map'}
          </Button>
        )}
        {pin && (
          <Button
            variant="outline-secondary"
            size="sm"
            onClick={() => {
              setValue('latitude', '', { shouldDirty: true });
              setValue('longitude', '', { shouldDirty: true });
            }}
          >
            Remove pin
          </Button>
        )}
      </div>
      <p className="small mb-2" role="status">
        {status}
      </p>
      {mapOpen && festival?.map && (
        <div id="venue-pin-map">
          <Suspense fallback={<p>Loading the map…</p>}>
            <PinMap map={festival.map} value={pin} onPick={place} label="Map: click to place your porch's pin" />
          </Suspense>
        </div>
      )}
    </fieldset>
  );
}

/** The amenity checkboxes and the accessibility note. */
export function VenueAmenityFields({ form }: { form: VenueForm }) {
  const {
    register,
    formState: { errors },
  } = form;
  const noteError = errors.accessibility_note?.message;
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold mb-1">Amenities</legend>
      <Form.Text className="d-block mb-2">Optional. Tick what visitors will find at your porch.</Form.Text>
      <Form.Check id="step_free" label="Step-free viewing" {...register('step_free')} />
      <Form.Check id="seating" label="Seating" {...register('seating')} />
      <Form.Check id="shade" label="Shade" {...register('shade')} />
      <Form.Check id="restroom_nearby" label="Restroom nearby" {...register('restroom_nearby')} />
      <Form.Group className="mt-2" controlId="accessibility_note">
        <Form.Label>Accessibility note</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          maxLength={300}
          {...invalidProps('accessibility_note', noteError, 'accessibility_note-hint')}
          {...register('accessibility_note')}
        />
        <Form.Text id="accessibility_note-hint" className="d-block">
          At most 300 characters, for example "Two steps up; the lawn is flat."
        </Form.Text>
        <FieldError fieldId="accessibility_note" error={noteError} />
      </Form.Group>
    </fieldset>
  );
}
