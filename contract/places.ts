/**
 * Plain functions about places, with no schema library: the phone pages import them (My day's
 * calendar file) without loading zod and the festival schema (contract/festival.ts), which only
 * the server and the forms need.
 */

/**
 * The address a stranger's map or calendar can find: the host's address with the festival's town
 * ("12 Elm Street, Ithaca, NY"), unless there is no town or the address already names it. The
 * venue's directions link and the calendar files' LOCATION (issue 28, item 5).
 */
export function fullAddress(town: string | undefined, address: string): string {
  if (!town) return address;
  const cityName = town.split(',')[0]!.trim().toLowerCase();
  if (cityName && address.toLowerCase().includes(cityName)) return address;
  return `${address}, ${town}`;
}

/** Whether a point lies in the box, edges included. */
export function insideBounds(bounds: [[number, number], [number, number]], lat: number, lng: number): boolean {
  const [[south, west], [north, east]] = bounds;
  return lat >= south && lat <= north && lng >= west && lng <= east;
}
