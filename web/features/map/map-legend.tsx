interface Props {
  /** Some pin is green: a set is playing there now (the schedule's map, during a slot). */
  playing: boolean;
  /** Some pins are drawn as a count bubble at this zoom. */
  grouped: boolean;
  chosen: boolean;
  here: boolean;
}

/**
 * The map's key (docs/decisions/0056): what each mark means, listing only the marks on the map.
 * The swatches are the markers' own drawing; the words carry the meaning, not the colour alone.
 */
export function MapLegend({ playing, grouped, chosen, here }: Props) {
  return (
    <ul className="map-legend list-unstyled d-flex flex-wrap column-gap-3 small mt-1 mb-0" aria-label="Map key">
      <li>
        <span className="map-key porch-pin" aria-hidden="true">
          <span />
        </span>
        Porch
      </li>
      {playing && (
        <li>
          <span className="map-key porch-pin is-playing" aria-hidden="true">
            <span />
          </span>
          Playing now
        </li>
      )}
      {grouped && (
        <li>
          <span className="map-key porch-group" aria-hidden="true">
            <span />
          </span>
          Porches close together: press to zoom in
        </li>
      )}
      {chosen && (
        <li>
          <span className="map-key porch-pin is-chosen" aria-hidden="true">
            <span />
          </span>
          Chosen porch
        </li>
      )}
      {here && (
        <li>
          <span className="map-key porch-here" aria-hidden="true">
            <span />
          </span>
          You are here
        </li>
      )}
    </ul>
  );
}
