import { GenreList, type Genre } from '../../../../contract/choices';
import { AmenityFilter } from '../../venues/components/amenity-filter';
import type { ScheduleFilters } from '../lib/schedule-sets';

interface Props {
  filters: ScheduleFilters;
  onChange: (filters: ScheduleFilters) => void;
  /** The genres that play at all, so the list offers no choice that can only find nothing. */
  genres: readonly Genre[];
}

interface CheckProps {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  inline?: boolean;
}

/** A checkbox and its label in Bootstrap's markup, as the rest of this form is written. */
function Check({ id, label, checked, onChange, inline }: CheckProps) {
  return (
    <div className={inline ? 'form-check form-check-inline' : 'form-check'}>
      <input
        id={id}
        type="checkbox"
        className="form-check-input"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
    </div>
  );
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
          <Check
            id="schedule-favourites"
            label="Favourites only"
            checked={filters.favourites}
            onChange={(favourites) => onChange({ ...filters, favourites })}
          />
        </div>
      </div>
      <details className="mt-2" open={filters.genres.length > 0 || undefined}>
        <summary>Genres{filters.genres.length > 0 && ` (${filters.genres.length} chosen)`}</summary>
        <fieldset className="schedule-genres">
          <legend className="visually-hidden">Genres</legend>
          {genres.map((genre) => (
            <Check
              key={genre}
              inline
              id={`schedule-genre-${genre}`}
              label={GenreList.labels[genre]}
              checked={filters.genres.includes(genre)}
              onChange={(on) => toggleGenre(genre, on)}
            />
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
