import { GenreList, type Genre } from '../../../../contract/choices';
import { AmenityFilter } from '../../venues/components/amenity-filter';
import type { ScheduleFilters } from '../lib/schedule-sets';

interface Props {
  filters: ScheduleFilters;
  onChange: (filters: ScheduleFilters) => void;
  /** The genres that play at all, so the list offers no choice that can only find nothing. */
  genres: readonly Genre[];
}

/** Search, genres and amenities (several at once) and "Favourites only"; the page keeps them in the URL. */
export function ScheduleFilterForm({ filters, onChange, genres }: Props) {
  const toggleGenre = (genre: Genre, on: boolean) =>
    onChange({
      ...filters,
      genres: on ? [...filters.genres, genre] : filters.genres.filter((g) => g !== genre),
    });
  return (
    <form className="schedule-filters d-print-none" role="search" onSubmit={(e) => e.preventDefault()}>
      <div className="row g-2 align-items-end">
        <div className="col-12 col-md-6">
          <label htmlFor="schedule-search" className="form-label">
            Search acts, porches and descriptions
          </label>
          <input
            id="schedule-search"
            type="search"
            className="form-control"
            value={filters.q}
            onChange={(e) => onChange({ ...filters, q: e.target.value })}
          />
        </div>
        <div className="col-12 col-md-6">
          <div className="form-check">
            <input
              id="schedule-favourites"
              type="checkbox"
              className="form-check-input"
              checked={filters.favourites}
              onChange={(e) => onChange({ ...filters, favourites: e.target.checked })}
            />
            <label htmlFor="schedule-favourites" className="form-check-label">
              Favourites only
            </label>
          </div>
        </div>
      </div>
      <details className="mt-2" open={filters.genres.length > 0 || undefined}>
        <summary>Genres{filters.genres.length > 0 && ` (${filters.genres.length} chosen)`}</summary>
        <fieldset className="schedule-genres">
          <legend className="visually-hidden">Genres</legend>
          {genres.map((genre) => (
            <div className="form-check form-check-inline" key={genre}>
              <input
                id={`schedule-genre-${genre}`}
                type="checkbox"
                className="form-check-input"
                checked={filters.genres.includes(genre)}
                onChange={(e) => toggleGenre(genre, e.target.checked)}
              />
              <label htmlFor={`schedule-genre-${genre}`} className="form-check-label">
                {GenreList.labels[genre]}
              </label>
            </div>
          ))}
        </fieldset>
      </details>
      <details className="mt-2" open={filters.amenities.length > 0 || undefined}>
        <summary>Amenities{filters.amenities.length > 0 && ` (${filters.amenities.length} chosen)`}</summary>
        <AmenityFilter
          id="schedule-amenity"
          className="schedule-genres"
          legendHidden
          chosen={filters.amenities}
          onChange={(amenities) => onChange({ ...filters, amenities })}
        />
      </details>
    </form>
  );
}
