/**
 * Request bodies for the public API, as a host or performer fills in the forms: valid as they
 * stand, with any field overridden. Shared by the browser tests, the web tests, the attack suite
 * and the benchmarks, which create their data over HTTP.
 */

/** A valid POST /v1/venues body for a porch at `address`, offering Slot 1. */
export const venueBody = (address: string, extra: Record<string, unknown> = {}) => ({
  address,
  bio: '<p>A shady porch with room for a band.</p>',
  rain_date_available: true,
  preferred_act_types: ['folk'],
  size_pref: 'any',
  provide_electric: 'yes',
  provide_sound_system: 'no',
  available_slots: [{ slot_def: 'Slot 1' }],
  ...extra,
});

/** A valid POST /v1/acts body for an act called `name`, preferring Slot 1. */
export const actBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  bio: '<p>Three voices and a banjo.</p>',
  type: 'bluegrass',
  rain_date_available: true,
  preferred_slots: ['Slot 1'],
  size: 'one_to_three',
  sound_system: 'bring_own',
  ...extra,
});
