/**
 * Removes NUL characters from every string in a parsed body or query. PostgreSQL cannot store
 * U+0000 in text (it answers with an error, which would be a 500), SQLite would store it and
 * cut the string short for C-string readers, and no person types one.
 */
export function stripNul<T>(value: T): T {
  if (typeof value === 'string') return (value.includes('\u0000') ? value.replaceAll('\u0000', '') : value) as T;
  if (Array.isArray(value)) {
    const items: unknown[] = value;
    for (let i = 0; i < items.length; i++) items[i] = stripNul(items[i]);
    return value;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = stripNul(record[key]);
  }
  return value;
}
