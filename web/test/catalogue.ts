import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { inject } from 'vitest';
import type { SessionUser } from '../../contract/auth';
import type { Act, ActInput } from '../../contract/acts';
import type { CreateVenueInput, Venue } from '../../contract/venues';
import { actBody, venueBody } from '../../test/support/bodies';

/** Creates data through the real API, as its owner would, for screens to show. */
async function post<T>(session: SessionUser, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${inject('apiUrl')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.jwt_token}` },
    body: JSON.stringify(body),
  });
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`POST ${path} failed: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

export const createVenue = (host: SessionUser, input: Partial<CreateVenueInput> = {}) =>
  post<Venue>(
    host,
    '/v1/venues',
    venueBody(`${Math.floor(Math.random() * 900) + 100} Maple Street`, {
      bio: '<p>A wide porch under the maples.</p>',
      ...input,
    }),
  );

export const createAct = (performer: SessionUser, input: Partial<ActInput> = {}) =>
  post<Act>(
    performer,
    '/v1/acts',
    actBody('The Porch Owls', {
      bio: '<p>Harmonies and a washboard.</p>',
      type: 'folk',
      rain_date_available: false,
      preferred_slots: ['Slot 2'],
      ...input,
    }),
  );

/** The host places acts in the venue's slots (PATCH /v1/venues/{id}, the slots screen's call). */
export async function scheduleActs(
  host: SessionUser,
  venueId: number,
  slots: Array<{ slot_def: string; scheduled_act_id: number | null }>,
): Promise<Venue> {
  const response = await fetch(`${inject('apiUrl')}/v1/venues/${venueId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${host.jwt_token}` },
    body: JSON.stringify({ available_slots: slots }),
  });
  if (response.status !== 200) throw new Error(`PATCH /v1/venues/${venueId} failed: ${response.status}`);
  return (await response.json()) as Venue;
}

/** A venue as the API has it now (GET /v1/venues/{id}). */
export const venueNow = async (id: number) =>
  (await (await fetch(`${inject('apiUrl')}/v1/venues/${id}`)).json()) as Venue;

/**
 * Saves the slots screen and waits until it says so; answers each of the venue's slots as stored
 * then, with the id of the act in it or null.
 */
export async function saveSlotsScreen(user: UserEvent, venueId: number): Promise<Array<[string, number | null]>> {
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByText('The slots and schedule are saved.');
  return (await venueNow(venueId)).available_slots.map((s) => [s.slot_def, s.scheduled_act?.id ?? null]);
}
