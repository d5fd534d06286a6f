import { describe, expect, test } from 'vitest';
import { groupLabel, groupNearby } from './clusters';

const at = (item: string, x: number, y: number) => ({ item, x, y });

describe('grouping the pins that would overlap', () => {
  test('pins within the radius of the first free one join it, at their middle; the rest stay alone', () => {
    const groups = groupNearby([at('a', 100, 100), at('b', 120, 110), at('c', 300, 100), at('d', 100, 139)], 40);
    expect(groups).toEqual([
      { items: ['a', 'b', 'd'], x: 320 / 3, y: 349 / 3 },
      { items: ['c'], x: 300, y: 100 },
    ]);
  });

  test('neighbours across a cell edge are found, and a pin just beyond the radius is not', () => {
    const groups = groupNearby([at('a', 79, 79), at('b', 81, 81), at('c', 79 + 41, 79)], 40);
    expect(groups.map((g) => g.items)).toEqual([['a', 'b'], ['c']]);
  });

  test('every pin is in exactly one group, and 400 pins are grouped quickly', () => {
    const points = Array.from({ length: 400 }, (_, i) => at(String(i), (i * 37) % 600, (i * 53) % 400));
    const started = performance.now();
    const groups = groupNearby(points, 40);
    const took = performance.now() - started;
    expect(groups.flatMap((g) => g.items).sort()).toEqual(points.map((p) => p.item).sort());
    expect(groups.length).toBeLessThan(points.length);
    expect(took).toBeLessThan(50);
  });

  test('a bubble is named by its count, and by how many play now when some do', () => {
    expect(groupLabel(12, 0)).toBe('12 porches, zoom in');
    expect(groupLabel(12, 3)).toBe('12 porches, 3 playing now, zoom in');
  });
});
