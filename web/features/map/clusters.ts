/** A point on the map as drawn at one zoom, in pixels. */
export interface Placed<T> {
  item: T;
  x: number;
  y: number;
}

/** Items drawn as one: a pin when alone, a count bubble when several; at the middle of its members. */
export interface Group<T> {
  items: T[];
  x: number;
  y: number;
}

/**
 * Groups the points that would overlap at this zoom (docs/decisions/0056): each point not yet taken
 * gathers every free point within `radius` pixels of it, in the order given, so the same pins at
 * the same zoom always give the same groups. A grid of `radius`-sized cells finds the neighbours,
 * so a festival's 400 pins take well under a millisecond.
 */
export function groupNearby<T>(points: readonly Placed<T>[], radius: number): Group<T>[] {
  const cellOf = (p: Placed<T>) => [Math.floor(p.x / radius), Math.floor(p.y / radius)] as const;
  const cells = new Map<string, number[]>();
  points.forEach((p, i) => {
    const [cx, cy] = cellOf(p);
    const key = `${cx},${cy}`;
    const cell = cells.get(key);
    if (cell) cell.push(i);
    else cells.set(key, [i]);
  });
  const taken = new Uint8Array(points.length);
  const groups: Group<T>[] = [];
  points.forEach((p, i) => {
    if (taken[i]) return;
    taken[i] = 1;
    const members = [i];
    const [cx, cy] = cellOf(p);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const j of cells.get(`${cx + dx},${cy + dy}`) ?? []) {
          const q = points[j]!;
          if (taken[j] || (q.x - p.x) ** 2 + (q.y - p.y) ** 2 > radius ** 2) continue;
          taken[j] = 1;
          members.push(j);
        }
      }
    }
    // In the order given, whichever cell each came from.
    const placed = members.sort((a, b) => a - b).map((m) => points[m]!);
    groups.push({
      items: placed.map((m) => m.item),
      x: placed.reduce((sum, m) => sum + m.x, 0) / placed.length,
      y: placed.reduce((sum, m) => sum + m.y, 0) / placed.length,
    });
  });
  return groups;
}

/** What a count bubble is called: "12 porches, zoom in", and how many of them play now, if any do. */
export function groupLabel(count: number, playing: number): string {
  return playing > 0 ? `${count} porches, ${playing} playing now, zoom in` : `${count} porches, zoom in`;
}
