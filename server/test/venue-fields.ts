/** A venue's pin and amenity fields when its form leaves them all out. */
export const NO_PIN_OR_AMENITIES = {
  latitude: null,
  longitude: null,
  step_free: false,
  seating: false,
  shade: false,
  restroom_nearby: false,
  accessibility_note: '',
} as const;
