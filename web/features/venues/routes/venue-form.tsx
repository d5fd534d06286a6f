import { EntryFormRoute } from '../../../components/catalogue/entry-form-route';
import { useCreateVenue } from '../api/create-venue';
import { useVenue } from '../api/get-venues';
import { useUpdateVenue } from '../api/update-venue';
import { VenueFormView, venueFormValues } from '../components/venue-form-view';

/** docs/behaviour.md#venue-and-act-forms: /venues/new and /venues/{venueId}/edit. */
export function VenueForm() {
  return (
    <EntryFormRoute kind="Venue" useEntry={useVenue} useCreate={useCreateVenue} useUpdate={useUpdateVenue}>
      {(form, venue) => <VenueFormView {...form} defaultValues={venueFormValues(venue)} />}
    </EntryFormRoute>
  );
}
