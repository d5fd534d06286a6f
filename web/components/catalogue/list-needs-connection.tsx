import { useOnline } from '../../lib/online';

/**
 * A list this device has never loaded, opened offline: instead of an empty page, it says the list
 * needs a connection (issue 28, item 9). It loads by itself once the device is back online (the
 * query refetches on reconnect). Online, a failed list is only logged, as the spec has it
 * (docs/behaviour.md#errors).
 */
export function ListNeedsConnection({ error, what }: { error: unknown; what: string }) {
  const online = useOnline();
  if (!error || online) return null;
  return (
    <div className="alert alert-warning" role="status">
      <p className="fw-semibold mb-1">This list needs a connection.</p>
      <p className="mb-0">
        You are offline, and the list of {what} has not been opened on this device yet, so it is not kept here. It loads
        when you are back online; the schedule and the pages you opened before work offline.
      </p>
    </div>
  );
}
