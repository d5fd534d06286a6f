import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { zonedInstant } from '../contract/festival-time.js';
import festivalConfig from '../festival.config.json' with { type: 'json' };
import { e2eActors } from './support/actors.js';
import { expectNoAxeViolations } from './support/axe.js';
import { PHONE, waitForTakeOver } from './support/browser.js';
import { useE2eApp } from './support/e2e-app.js';

// docs/decisions/0054-rain-date-and-release.md: before the release nothing public tells who plays
// where; on the rain date the sets whose act or porch cannot come are left out, and the desk lists
// them with the way to re-plan them.

const app = useE2eApp('rain-and-release');
const { api, signUp, signUpAdmin, signUpCast, openAs, createVenue, createAct, saveSlots } = e2eActors(app);

const ZONE = festivalConfig.timezone;
/** 2:00pm on the rain date, the festival's wall clock. */
const RAIN_DAY_TWO_PM = new Date(zonedInstant(festivalConfig.rain_date.date, '14:00', ZONE));

/** Opens `path` on a phone as `who` (nobody for null), the app taken over and its heading drawn. */
async function openPhone(page: Page, who: Parameters<typeof openAs>[1], path: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await openAs(page, who, path);
  await waitForTakeOver(page);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

describe('the release hides the whole line-up', () => {
  test('before the release a visitor sees no one playing anywhere, the host sees their own; after it, all of it', async () => {
    const { admin, host, performer } = await signUpCast('Rhea Release', 'Hugo Host', 'Petra Player');
    const venue = await createVenue(host, '5 Secret Street', {
      available_slots: [{ slot_def: 'Slot 2' }],
    });
    const act = await createAct(performer, 'Hidden Harmonies', { bio: '<p>Close harmony.</p>', type: 'folk' });
    await saveSlots(host, venue, [{ slot_def: 'Slot 2', scheduled_act_id: act.id }]);
    const setRelease = (at: Date) =>
      api('/v1/admin/settings/schedule-release', {
        method: 'PUT',
        token: admin.jwt_token,
        body: { release_at: at.toISOString() },
      });
    const page = app.page;
    try {
      await setRelease(new Date(Date.now() + 2 * 24 * 60 * 60_000));

      // A visitor: the schedule says when, and no card or filter tells who plays where.
      await openPhone(page, null, '/schedule');
      await page.getByText('The schedule will be published on').waitFor();
      expect(await page.getByText('Hidden Harmonies').count()).toBe(0);
      await expectNoAxeViolations(page);

      await openPhone(page, null, `/acts/${act.id}`);
      await page.getByRole('heading', { level: 1, name: 'Hidden Harmonies' }).waitFor();
      expect(await page.getByText('Scheduled to play').count()).toBe(0);
      expect(await page.getByText('5 Secret Street').count()).toBe(0);
      expect(await page.getByRole('link', { name: /Add to calendar/ }).count()).toBe(0);
      await expectNoAxeViolations(page);

      await openPhone(page, null, `/venues/${venue.id}`);
      await page.getByRole('heading', { level: 1, name: '5 Secret Street' }).waitFor();
      expect(await page.getByText('Scheduled to host').count()).toBe(0);
      expect(await page.getByText('Hidden Harmonies').count()).toBe(0);
      await expectNoAxeViolations(page);

      await openPhone(page, null, '/acts?plays=Slot+2');
      await page.getByText('There are no acts that match your search criteria.').waitFor();
      await expectNoAxeViolations(page);

      // Another signed-in person learns no more than a visitor.
      const other = await signUp(['host', 'performer'], 'Olive Other');
      await openPhone(page, other, `/venues/${venue.id}`);
      await page.getByRole('heading', { level: 1, name: '5 Secret Street' }).waitFor();
      expect(await page.getByText('Hidden Harmonies').count()).toBe(0);

      // The host sees their own porch's set, and the slots editor still offers and keeps it.
      await openPhone(page, host, `/venues/${venue.id}`);
      await page.getByText('Scheduled to host').waitFor();
      await page.getByRole('link', { name: 'Hidden Harmonies' }).first().waitFor();
      await openPhone(page, host, `/venues/${venue.id}/slots/edit`);
      await expect.poll(() => page.getByLabel('Act for Slot 2').inputValue()).toBe(String(act.id));
      await expectNoAxeViolations(page);

      // The release time passes: every public page tells.
      await setRelease(new Date(Date.now() - 60_000));
      await openPhone(page, null, `/acts/${act.id}`);
      await page.getByText('Scheduled to play').waitFor();
      await page.getByRole('link', { name: '5 Secret Street' }).first().waitFor();
      await expectNoAxeViolations(page);
      await openPhone(page, null, `/venues/${venue.id}`);
      await page.getByText('Scheduled to host').waitFor();
      await openPhone(page, null, '/acts?plays=Slot+2');
      await page.getByRole('link', { name: 'Hidden Harmonies' }).first().waitFor();
    } finally {
      // Back to the configuration's release time (past), for the next test.
      await api('/v1/admin/settings/schedule-release', {
        method: 'PUT',
        token: admin.jwt_token,
        body: { release_at: null },
      });
    }
  }, 120_000);
});

describe('the rain date leaves out the sets that cannot happen', () => {
  test('on the rain day at 2:00pm a phone shows only the sets that happen; the desk lists the others and points to the re-plan', async () => {
    const admin = await signUpAdmin('Rowan Rainy');
    const host = await signUp(['host'], 'Heidi Dry');
    const yardHost = await signUp(['host'], 'Yuri Yard');
    const performer = await signUp(['performer'], 'Paula Puddle');
    const porch = await createVenue(host, '7 Covered Porch', {
      available_slots: [{ slot_def: 'Slot 2' }, { slot_def: 'Slot 3' }],
    });
    const yard = await createVenue(yardHost, '8 Open Yard', {
      rain_date_available: false,
      available_slots: [{ slot_def: 'Slot 2' }],
    });
    const stays = await createAct(performer, 'Umbrella Quartet', { type: 'jazz', rain_date_available: true });
    const fair = await createAct(performer, 'Fair Weather Fiddles', { type: 'folk', rain_date_available: false });
    const lawn = await createAct(performer, 'Lawn Chair Trio', { type: 'folk', rain_date_available: true });
    await saveSlots(host, porch, [
      { slot_def: 'Slot 2', scheduled_act_id: stays.id },
      { slot_def: 'Slot 3', scheduled_act_id: fair.id },
    ]);
    await saveSlots(yardHost, yard, [{ slot_def: 'Slot 2', scheduled_act_id: lawn.id }]);
    const page = app.page;
    try {
      await api('/v1/admin/settings/rain-date', { method: 'PUT', token: admin.jwt_token, body: { active: true } });

      // The desk: the sets that cannot happen, each to its porch's slots editor, and the re-plan.
      await page.setViewportSize(PHONE);
      await openAs(page, admin, '/admin');
      const sets = page.getByRole('list', { name: 'Sets not on the rain date (2)' });
      await sets.waitFor();
      expect(await sets.getByRole('link', { name: '8 Open Yard' }).getAttribute('href')).toBe(
        `/venues/${yard.id}/slots/edit`,
      );
      await sets.getByText('(the porch cannot host)').waitFor();
      await sets.getByText('(the act cannot come)').waitFor();
      await sets.getByRole('link', { name: 'Fair Weather Fiddles' }).waitFor();
      await page
        .getByText('The public schedule, the map, My day and the calendars leave these sets out today.')
        .waitFor();
      const replan = page.getByRole('link', { name: 'Draft schedule' });
      expect(await replan.getAttribute('href')).toBe('#desk-draft');
      await expectNoAxeViolations(page);

      // A visitor's phone at 2:00pm on the rain day: Slot 2 is Now, with the porch's set only.
      await page.clock.setFixedTime(RAIN_DAY_TWO_PM);
      await openPhone(page, null, '/schedule');
      const selected = page.locator('[role="tab"][aria-selected="true"]');
      await expect.poll(() => selected.innerText()).toContain('Now');
      const panel = page.getByRole('tabpanel');
      await panel.getByRole('link', { name: 'Umbrella Quartet' }).waitFor();
      expect(await page.getByText('Lawn Chair Trio').count()).toBe(0);
      expect(await page.getByText('8 Open Yard').count()).toBe(0);
      expect(await page.getByText('Fair Weather Fiddles').count()).toBe(0);
      await expectNoAxeViolations(page);

      // The act that cannot come has no set on its page, and the porch's slot reads as free.
      await openPhone(page, null, `/acts/${fair.id}`);
      await page.getByRole('heading', { level: 1, name: 'Fair Weather Fiddles' }).waitFor();
      expect(await page.getByText('Scheduled to play').count()).toBe(0);
      await expectNoAxeViolations(page);
      await openPhone(page, null, `/venues/${porch.id}`);
      await page.getByRole('link', { name: 'Umbrella Quartet' }).first().waitFor();
      expect(await page.getByText('Fair Weather Fiddles').count()).toBe(0);
      // Its owner still sees it, to act on it.
      await openPhone(page, performer, `/acts/${fair.id}`);
      await page.getByText('Scheduled to play').waitFor();
    } finally {
      await api('/v1/admin/settings/rain-date', { method: 'PUT', token: admin.jwt_token, body: { active: false } });
    }
  }, 120_000);
});
