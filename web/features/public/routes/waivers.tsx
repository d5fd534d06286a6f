import type { FestivalConfig } from '../../../../contract/festival';
import { waiversText } from '../../../../contract/page-previews';
import { longDate } from '../../../components/catalogue/festival-dates';
import { PublicPage } from '../components/public-page';
import { editionName } from '../lib/festival-text';

/** Who the waivers release: written once, so both waivers name the same people. */
const released = (festival: FestivalConfig) =>
  `the ${festival.name} committee and its volunteers, the other hosts and performers, and the festival's sponsors`;

function PerformerWaiver({ festival }: { festival: FestivalConfig }) {
  const days = `${longDate(festival.event.date)} (or the rain date, ${longDate(festival.rain_date.date)})`;
  return (
    <section aria-labelledby="performer-waiver" className="mb-5">
      <h2 id="performer-waiver">Performer liability waiver</h2>
      <p>
        By registering as a performer for {editionName(festival)}, on {days}, I agree, for myself and for every member
        of my act:
      </p>
      <ol>
        <li>
          I take part of my own free will and at my own risk. Playing outdoors, on a porch, yard or driveway I do not
          know, carries risks, including trips, falls, weather and electrical equipment.
        </li>
        <li>
          I am responsible for my own instruments, equipment and belongings. {festival.name} does not insure them and is
          not responsible for their loss, theft or damage.
        </li>
        <li>
          I will use my host&apos;s property, power and equipment with care, follow my host&apos;s reasonable
          instructions, and pay for any damage that I or my act cause.
        </li>
        <li>
          I will keep to my slot&apos;s times, keep the volume reasonable for the neighbourhood, and stop if asked to by
          my host or the committee.
        </li>
        <li>
          I release {released(festival)} from any claim for injury, loss or damage arising from my taking part, except
          where it is caused by their deliberate wrongdoing.
        </li>
        <li>
          Photographs and recordings of my performance may be taken and used by {festival.name} on its website and
          social media, with no payment to me.
        </li>
        <li>
          Any member of my act who is under 18 has the permission of a parent or guardian, who is responsible for them
          on the day.
        </li>
      </ol>
    </section>
  );
}

function HostWaiver({ festival }: { festival: FestivalConfig }) {
  const days = `${longDate(festival.event.date)} (or the rain date, ${longDate(festival.rain_date.date)})`;
  return (
    <section aria-labelledby="host-waiver">
      <h2 id="host-waiver">Host liability waiver</h2>
      <p>
        By registering as a host for {editionName(festival)}, on {days}, I agree:
      </p>
      <ol>
        <li>
          I own the property I offer as a venue, or I have the permission of its owner or landlord to host performances
          there.
        </li>
        <li>
          I will keep the performance area, the steps and the paths to them safe and clear, and I will tell my
          performers about anything they should know, such as a loose step or an outlet that is not weatherproof.
        </li>
        <li>
          I remain responsible for my property as usual, including under my own home insurance. {festival.name} does not
          insure hosts&apos; properties and is not responsible for damage to them, except that my performers remain
          responsible for damage they cause.
        </li>
        <li>I will keep the sidewalk and the street clear for neighbours and for emergency vehicles.</li>
        <li>
          I release {released(festival)} from any claim for injury, loss or damage arising from hosting, except where it
          is caused by their deliberate wrongdoing.
        </li>
        <li>
          Photographs and recordings of the performances at my venue, including the outside of my home, may be used by{' '}
          {festival.name} on its website and social media. My address is shown on the schedule.
        </li>
      </ol>
    </section>
  );
}

function WaiversContent({ festival }: { festival: FestivalConfig }) {
  return (
    <>
      <h1>Liability waivers</h1>
      <p className="lead">
        Everyone who registers for {editionName(festival)} agrees to the waiver for their role by ticking the waiver box
        on the registration form. A person who both hosts and performs agrees to both.
      </p>
      <PerformerWaiver festival={festival} />
      <HostWaiver festival={festival} />
      <p className="mt-4">
        Questions about the waivers? Write to the committee at{' '}
        <a href={`mailto:${festival.committee_email}`}>{festival.committee_email}</a>.
      </p>
    </>
  );
}

/**
 * /waivers (docs/behaviour.md#static-pages): the performer and host liability waiver texts (opened
 * from the register screen).
 */
export function Waivers() {
  return <PublicPage meta={waiversText}>{(festival) => <WaiversContent festival={festival} />}</PublicPage>;
}
