import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { FestivalConfig } from '../../../../contract/festival';
import { faqText } from '../../../../contract/page-previews';
import { longDate } from '../../../components/catalogue/festival-dates';
import { clockWithMinutes } from '../../../../contract/festival-time';
import { PublicPage } from '../components/public-page';
import { SocialLinks } from '../components/social-links';
import { dateAndTime, editionName, festivalHours } from '../lib/festival-text';

function Question({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mb-4">
      <h3 className="h5">{title}</h3>
      {children}
    </div>
  );
}

function Topic({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-5">
      <h2 id={id} className="h3 border-bottom pb-2 mb-3">
        {title}
      </h2>
      {children}
    </section>
  );
}

function KeyDates({ festival }: { festival: FestivalConfig }) {
  return (
    <ul>
      {festival.key_dates.map((keyDate) => (
        <li key={`${keyDate.label}-${keyDate.date}`}>
          {keyDate.label}: {longDate(keyDate.date)}
        </li>
      ))}
    </ul>
  );
}

function SlotTable({ festival }: { festival: FestivalConfig }) {
  return (
    <table className="table table-sm w-auto">
      <thead>
        <tr>
          <th scope="col">Slot</th>
          <th scope="col">Playing time</th>
          <th scope="col">Set-up from</th>
        </tr>
      </thead>
      <tbody>
        {festival.slots.map((slot) => (
          <tr key={slot.name}>
            <th scope="row" className="fw-normal">
              {slot.name}
            </th>
            <td>
              {clockWithMinutes(slot.start)}-{clockWithMinutes(slot.end)}
            </td>
            <td>{clockWithMinutes(slot.setup)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FaqContent({ festival }: { festival: FestivalConfig }) {
  const name = festival.name;
  const { firstSetup, lastEnd } = festivalHours(festival);
  return (
    <>
      <h1>Frequently asked questions</h1>
      <p className="lead">
        {editionName(festival)} is on {dateAndTime(festival.event)}. The rain date is {dateAndTime(festival.rain_date)}.
      </p>

      <Topic id="registering" title="Registering">
        <Question title="Who should register?">
          <p>
            Register if you want to <strong>host</strong> (you can offer a porch, yard or driveway for the afternoon) or
            to <strong>perform</strong> (you have an act: a band, a solo singer, a choir, a dance group). You choose
            your role, or both roles, when you register; someone who plays on their own porch should choose both.
          </p>
          <p>
            You do not need an account to come and listen: the acts, the venues and the{' '}
            <Link to="/schedule">schedule</Link> are open to everyone.
          </p>
        </Question>
        <Question title="How do I register, and by when?">
          <p>
            Use the <Link to="/register">registration form</Link>: your name, your e-mail address, a password, your role
            and your agreement to the <Link to="/waivers">liability waivers</Link>. Then add your venue or your act from
            your profile. This year&apos;s key dates:
          </p>
          <KeyDates festival={festival} />
        </Question>
      </Topic>

      <Topic id="matching" title="Matching hosts and performers">
        <Question title="How are hosts and performers matched?">
          <p>
            Hosts and performers find each other on this site. Performers look through the{' '}
            <Link to="/venues">venues</Link> and hosts look through the <Link to="/acts">acts</Link>; the Contact button
            on a venue or an act sends its owner a message by e-mail, and you carry on the conversation by e-mail.
          </p>
          <p>
            Once you agree, the host puts the act into one of the venue&apos;s slots. The act then shows as
            &lsquo;Scheduled to play&rsquo;; until then it shows as &lsquo;Looking for a host&rsquo;, so hosts can see
            who still needs a porch.
          </p>
        </Question>
        <Question title="What if I cannot find a match?">
          <p>
            Write to the committee through the <Link to="/contact">contact form</Link>: we know who is still looking and
            can suggest someone.
          </p>
        </Question>
      </Topic>

      <Topic id="slots" title="Slots">
        <Question title="When are the slots?">
          <p>
            The day has {festival.slots.length} slots. Each venue offers some of them, and each act plays in one slot at
            one venue:
          </p>
          <SlotTable festival={festival} />
        </Question>
        <Question title="What is the set-up time for?">
          <p>
            Performers arrive at the set-up time to unload, meet their host and check their sound, so the music starts
            on time. The gap between slots lets the audience walk to the next porch.
          </p>
        </Question>
      </Topic>

      <Topic id="duties" title="Host and performer duties">
        <Question title="What does a host do?">
          <ul>
            <li>Offer a porch, yard or driveway that people can see and hear from the sidewalk.</li>
            <li>
              List the venue here with the slots you can offer, and say whether you provide power and a sound system.
            </li>
            <li>Choose the acts for your slots and schedule them on your venue&apos;s Slots / Schedule screen.</li>
            <li>
              Be at home on the day from the first set-up time, {firstSetup}, until the last set ends at {lastEnd}.
            </li>
            <li>Welcome your performers, show them the power outlet, and keep the sidewalk and driveway clear.</li>
            <li>Let your neighbours know, and say whether your venue is available on the rain date.</li>
          </ul>
        </Question>
        <Question title="What does a performer do?">
          <ul>
            <li>List your act here with its genre, its size and the slots that suit you, then find a host.</li>
            <li>Arrive by your slot&apos;s set-up time and bring your own instruments and equipment.</li>
            <li>Bring a sound system unless your host provides one, and keep the volume friendly to the street.</li>
            <li>Start and finish on time so the next act, and the audience, can move on.</li>
            <li>Pack up promptly and leave the porch as you found it.</li>
          </ul>
        </Question>
      </Topic>

      <Topic id="committee" title="The committee">
        <Question title="What does the committee do?">
          <p>
            The committee is a group of volunteer neighbours. It opens and closes registration, helps hosts and
            performers who have not found a match, publishes the final schedule, decides on the rain-day plan and looks
            after the sponsors and the publicity.
          </p>
          <ul>
            {festival.committee.map((member) => (
              <li key={member.name}>
                {member.name}: {member.role}
              </li>
            ))}
          </ul>
          <p>
            Reach the committee through the <Link to="/contact">contact form</Link> or at{' '}
            <a href={`mailto:${festival.committee_email}`}>{festival.committee_email}</a>.
          </p>
        </Question>
      </Topic>

      <Topic id="account" title="Login and password">
        <Question title="How do I log in?">
          <p>
            Choose &lsquo;Login / Register&rsquo; in the menu, or go to the <Link to="/login">login page</Link>, and
            enter the e-mail address and password you registered with. You then see your profile, with links to your
            venues and acts.
          </p>
        </Question>
        <Question title="I forgot my password. How do I reset it?">
          <p>
            Use &lsquo;Forgot password?&rsquo; on the login page, or go straight to the{' '}
            <Link to="/forgotpass">password reset page</Link>, and enter your e-mail address. If you have an account, we
            e-mail you a link to choose a new password; it works once and for a limited time. Then log in with the new
            password. No e-mail? Check your spam folder, or ask the committee.
          </p>
        </Question>
      </Topic>

      <Topic id="hashtag" title="Social media">
        <Question title="Which hashtag should I use?">
          <p>
            Use <strong>{festival.hashtag}</strong> when you post photos, videos or news about {editionName(festival)},
            so everyone can find them.
          </p>
          <SocialLinks festival={festival} />
        </Question>
        <Question title="What happens if it rains?">
          <p>
            The rain date is {dateAndTime(festival.rain_date)}. The committee announces the rain-day plan before the
            festival; watch this site and our social media.
          </p>
        </Question>
      </Topic>
      <p className="text-body-secondary">Not answered here? Ask {name}&apos;s committee through the contact form.</p>
    </>
  );
}

/**
 * The FAQ (docs/behaviour.md#static-pages): registering, matching, slots, duties, the committee,
 * login, password reset, hashtag.
 */
export function Faq() {
  return <PublicPage meta={faqText}>{(festival) => <FaqContent festival={festival} />}</PublicPage>;
}
