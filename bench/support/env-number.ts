/**
 * A bench's number setting from the environment (BENCH_SECONDS=5 and the like), or `fallback`
 * where it is unset or empty; anything but a number stops the bench, naming the variable, instead
 * of running it with NaN.
 */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, not "${raw}"`);
  return value;
}
