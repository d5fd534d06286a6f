/** Whether dist/ under `root` is missing or older than the sources it is built from. */
export function buildIsStale(root: string): boolean;
