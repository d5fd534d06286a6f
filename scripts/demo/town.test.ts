import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../server/lib/paths.js';
import { StreetPlanSchema, StreetTiles } from '../../server/web/street-tiles.js';
import { drawPicture } from './pictures.js';
import { STREET_PLAN_FILE, streetPlan, toLatLng, toMetres } from './town.js';

/** The demo's town (docs/decisions/0057): the committed plan is the one town.ts lays out. */
describe('the demo town', () => {
  it('has its street plan written as town.ts lays it out (npx tsx scripts/demo/town.ts)', () => {
    const committed: unknown = JSON.parse(readFileSync(fromRoot(STREET_PLAN_FILE), 'utf8'));
    expect(committed).toEqual(streetPlan());
    expect(StreetPlanSchema.parse(committed).streets).toHaveLength(20);
  });

  it('turns metres into latitude and longitude and back', () => {
    const [x, y] = toMetres(toLatLng(250, -120));
    expect(x).toBeCloseTo(250, 0);
    expect(y).toBeCloseTo(-120, 0);
  });

  it('draws every tile of the town at zoom 15 in a few milliseconds each', () => {
    const tiles = new StreetTiles(streetPlan());
    const started = performance.now();
    for (let x = 9429; x <= 9432; x++)
      for (let y = 12055; y <= 12058; y++) expect(tiles.tile(15, x, y)).toMatch(/^<svg/);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('draws the same picture from the same seed, as a PNG', () => {
    const picture = drawPicture('porch', 3);
    expect(picture.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(picture.equals(drawPicture('porch', 3))).toBe(true);
    expect(picture.length).toBeLessThan(40_000);
  });
});
