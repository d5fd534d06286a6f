import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router';
import { SLOT_DEFS, type SlotDef } from '../../../../contract/enums';
import { VenueMessages, type UpdateVenueSlotsInput, type Venue } from '../../../../contract/venues';
import { NotAllowed } from '../../../components/catalogue/not-allowed';
import { NotFoundMessage } from '../../../components/catalogue/not-found-message';
import { PageHeading } from '../../../components/catalogue/page-heading';
import { routeId } from '../../../components/catalogue/route-id';
import { slotTime } from '../../../components/catalogue/slot-times';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError } from '../../../lib/api-client';
import { useFestival } from '../../../lib/festival';
import { usePageTitle } from '../../../lib/page-title';
import { isOwner } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { useVenueForSlots } from '../api/get-venue';
import { useUpdateVenueSlots } from '../api/update-venue-slots';
import { SlotRow, type SlotChoice } from '../components/slot-row';
import { WhyNotOffered } from '../components/why-not-offered';

type Choices = Record<SlotDef, SlotChoice>;

function choicesOf(venue: Venue): Choices {
  const saved = new Map(venue.available_slots.map((s) => [s.slot_def, s]));
  return Object.fromEntries(
    SLOT_DEFS.map((slot) => {
      const s = saved.get(slot);
      return [slot, { available: s !== undefined, actId: s?.scheduled_act ? String(s.scheduled_act.id) : '' }];
    }),
  ) as Choices;
}

/** The PATCH body: the slots switched on, each with its act or null (docs/behaviour.md#the-api). */
function inputOf(choices: Choices): UpdateVenueSlotsInput {
  return {
    available_slots: SLOT_DEFS.filter((slot) => choices[slot].available).map((slot) => ({
      slot_def: slot,
      scheduled_act_id: choices[slot].actId ? Number(choices[slot].actId) : null,
    })),
  };
}

/**
 * docs/behaviour.md#slots-and-schedule-editor: /venues/{venueId}/slots/edit, the owner's slots and
 * schedule editor.
 */
export function VenueSlotsEdit() {
  usePageTitle('Slots and schedule');
  const id = routeId(useParams().venueId);
  const user = useSession();
  const venue = useVenueForSlots(id);

  useEffect(() => {
    if (venue.error && !(venue.error instanceof ApiError && venue.error.status === 404)) console.error(venue.error);
  }, [venue.error]);

  if (id === undefined || (venue.error instanceof ApiError && venue.error.status === 404)) {
    return <NotFoundMessage kind="Venue" listPath="/venues" />;
  }
  if (!user) return <NotAllowed />;
  if (!venue.data) return venue.isPending ? <PageLoading /> : null;
  if (!isOwner(user, venue.data.creator_id)) return <NotAllowed />;
  // Keyed by the venue, so the form starts again from what is saved for another venue.
  return <SlotsForm key={venue.data.id} venue={venue.data} />;
}

function SlotsForm({ venue }: { venue: Venue }) {
  const { data: festival } = useFestival();
  const save = useUpdateVenueSlots();
  const [choices, setChoices] = useState<Choices>(() => choicesOf(venue));
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState(false);
  const noSlot = SLOT_DEFS.every((slot) => !choices[slot].available);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setSaved(false);
    if (noSlot) return;
    save.mutate(
      { id: venue.id, input: inputOf(choices) },
      {
        onSuccess: (updated) => {
          setChoices(choicesOf(updated));
          setSaved(true);
        },
        // Save failures are logged (docs/behaviour.md#errors); a refused save (409, 400) is also
        // shown below.
        onError: (error) => console.error(error),
      },
    );
  };

  const refused = save.error instanceof ApiError && save.error.status < 500 ? save.error.body.error : null;
  return (
    <>
      <PageHeading>Slots and schedule</PageHeading>
      <p className="lead">
        <Link to={`/venues/${venue.id}`}>{venue.address}</Link>
      </p>
      <p>
        Turn on the slots your porch offers, and choose the act to play in each. An act already playing that time at
        another venue is not offered. Below each slot are the acts that fit it best, and why.
      </p>
      <form noValidate onSubmit={onSubmit} aria-describedby={submitted && noSlot ? 'slots-required' : undefined}>
        {SLOT_DEFS.map((slot) => (
          <SlotRow
            key={slot}
            venueId={venue.id}
            slot={slot}
            time={slotTime(festival, slot)}
            savedAct={venue.available_slots.find((s) => s.slot_def === slot)?.scheduled_act ?? null}
            value={choices[slot]}
            disabled={save.isPending}
            onChange={(value) => {
              setSaved(false);
              setChoices((current) => ({ ...current, [slot]: value }));
            }}
          />
        ))}
        {submitted && noSlot && (
          <div id="slots-required" className="text-danger mb-3" role="alert">
            {VenueMessages.slotRequired}
          </div>
        )}
        {refused && <ErrorAlert>{refused}</ErrorAlert>}
        {saved && (
          <Alert variant="success" role="status">
            The slots and schedule are saved.
          </Alert>
        )}
        <div className="d-flex gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
          <Link to={`/venues/${venue.id}`} className="btn btn-outline-secondary">
            Back to the venue
          </Link>
        </div>
      </form>
      <WhyNotOffered venueId={venue.id} timeOf={(slot) => slotTime(festival, slot)} />
    </>
  );
}
