/**
 * The List / Map switch of /schedule and /venues: two pressed-state buttons in a labelled group;
 * the one that is on is filled (`active`), as well as pressed for screen readers.
 */
export function ViewToggle({
  mapView,
  onChange,
  className,
}: {
  mapView: boolean;
  onChange: (view: 'list' | 'map') => void;
  className: string;
}) {
  return (
    <div className={`btn-group ${className}`} role="group" aria-label="View">
      <button
        type="button"
        className={`btn btn-outline-primary btn-sm${mapView ? '' : ' active'}`}
        aria-pressed={!mapView}
        onClick={() => onChange('list')}
      >
        List
      </button>
      <button
        type="button"
        className={`btn btn-outline-primary btn-sm${mapView ? ' active' : ''}`}
        aria-pressed={mapView}
        onClick={() => onChange('map')}
      >
        Map
      </button>
    </div>
  );
}
