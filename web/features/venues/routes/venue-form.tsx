import { useMatch, useNavigate, useParams } from 'react-router';
import type { Venue } from '../../../../contract/venues';
import { NotAllowed } from '../../../components/catalogue/not-allowed';
import { NotFoundMessage } from '../../../components/catalogue/not-found-message';
import { PageHeading } from '../../../components/catalogue/page-heading';
import { routeId } from '../../../components/catalogue/route-id';
import { useLoggedError } from '../../../components/catalogue/use-logged-error';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { hasRole, isOwner } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { useCreateVenue } from '../api/create-venue';
import { useVenue } from '../api/get-venues';
import { useUpdateVenue } from '../api/update-venue';
import { EMPTY_VENUE_FORM, VenueFormView, type VenueFormValues } from '../components/venue-form-view';

const formValues = (venue: Venue): VenueFormValues => ({
  address: venue.address,
  bio: venue.bio,
  preferred_act_types: [...venue.preferred_act_types],
  size_pref: venue.size_pref,
  provide_electric: venue.provide_electric,
  provide_sound_system: venue.provide_sound_system,
  rain_date_available: venue.rain_date_available,
  available_slots: venue.available_slots.map((slot) => ({ slot_def: slot.slot_def })),
  latitude: venue.latitude === null ? '' : String(venue.latitude),
  longitude: venue.longitude === null ? '' : String(venue.longitude),
  step_free: venue.step_free,
  seating: venue.seating,
  shade: venue.shade,
  restroom_nearby: venue.restroom_nearby,
  accessibility_note: venue.accessibility_note,
});

/**
 * docs/behaviour.md#venue-and-act-forms: /venues/new and /venues/{venueId}/edit; the mode comes
 * from the path.
 */
export function VenueForm() {
  const creating = useMatch('/venues/new') !== null;
  return creating ? <NewVenue /> : <EditVenue />;
}

function NewVenue() {
  usePageTitle('New Venue');
  const user = useSession();
  const navigate = useNavigate();
  const create = useCreateVenue();
  return (
    <>
      <PageHeading>New Venue</PageHeading>
      {hasRole(user, 'host') ? (
        <VenueFormView
          mode="create"
          defaultValues={EMPTY_VENUE_FORM}
          cancelTo="/venues"
          onSubmit={async (input) => {
            await create.mutateAsync(input);
            // docs/behaviour.md#states-and-transitions: a create returns to the list.
            await navigate('/venues');
          }}
        />
      ) : (
        <NotAllowed />
      )}
    </>
  );
}

function EditVenue() {
  usePageTitle('Edit Venue');
  const id = routeId(useParams().venueId);
  const user = useSession();
  const navigate = useNavigate();
  const venue = useVenue(id);
  const update = useUpdateVenue();
  useLoggedError(venue.error);

  if (id === undefined || (venue.error instanceof ApiError && venue.error.status === 404)) {
    return <NotFoundMessage kind="Venue" listPath="/venues" />;
  }
  if (!venue.data) return venue.isPending ? <PageLoading /> : null;
  return (
    <>
      <PageHeading>Edit Venue</PageHeading>
      {isOwner(user, venue.data.creator_id) ? (
        <VenueFormView
          mode="edit"
          defaultValues={formValues(venue.data)}
          cancelTo={`/venues/${id}`}
          onSubmit={async (input) => {
            await update.mutateAsync({ id, input });
            // docs/behaviour.md#states-and-transitions: an update returns to the list.
            await navigate('/venues');
          }}
        />
      ) : (
        <NotAllowed />
      )}
    </>
  );
}
