import { describe, expect, test } from 'vitest';
import { e2eActors } from './support/actors.js';
import { expectNoAxeViolations } from './support/axe.js';
import { useE2eApp } from './support/e2e-app.js';
import { watchSchemaScripts } from './support/schema-scripts.js';

// docs/behaviour.md#moderation in Chromium: an admin hides an act from its page; visitors no
// longer find it; its owner sees the committee's reason.

const app = useE2eApp('moderation');

// The people and calls of e2e/support/actors.ts; the page's session is set per visit (openAs),
// since this test opens pages as several people in turn and as nobody.
const { signUpCast, openAs, createVenue, createAct, saveSlots } = e2eActors(app);

/** The acts' fields besides their names (see actBody for the rest). */
const folkInEitherSlot = { bio: '<p>Songs.</p>', type: 'folk', preferred_slots: ['Slot 1', 'Slot 2'] };

describe('moderation in Chromium', () => {
  test('an admin hides an act from its page: an anonymous visitor no longer finds it on /acts or /schedule, its owner sees the reason, axe finds nothing, and only the admin loaded the schema library', async () => {
    const { admin, host, performer } = await signUpCast('Mo Desk', 'Hal Porch', 'Tess Tuba');
    const venue = await createVenue(host, '4 Brass Row', {
      bio: '<p>A porch.</p>',
      available_slots: [{ slot_def: 'Slot 1' }, { slot_def: 'Slot 2' }],
    });
    const hidden = await createAct(performer, 'The Tuba Trouble', folkInEitherSlot);
    const shown = await createAct(performer, 'The Quiet Kazoos', folkInEitherSlot);
    await saveSlots(host, venue, [
      { slot_def: 'Slot 1', scheduled_act_id: hidden.id },
      { slot_def: 'Slot 2', scheduled_act_id: shown.id },
    ]);
    const page = app.page;
    const schemaScripts = watchSchemaScripts(page);

    await openAs(page, null, '/schedule');
    await page.getByRole('link', { name: 'The Tuba Trouble' }).first().waitFor();
    expect(await schemaScripts(), "a visitor's /schedule").toEqual([]);

    // The admin hides it from the act's page: a reason is asked for first.
    await openAs(page, admin, `/acts/${hidden.id}`);
    await page.getByRole('heading', { level: 2, name: 'Moderation' }).waitFor();
    // The moderation form's code, with the schema library, loads for an admin only.
    expect((await schemaScripts()).length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Hide The Tuba Trouble' }).click();
    const reason = page.getByLabel('Reason (shown to the owner)');
    await reason.waitFor();
    // Focus moves to the reason (a script string: this file is type-checked without the DOM library).
    await expect
      .poll(() => page.evaluate("document.activeElement?.labels?.[0]?.textContent ?? ''"))
      .toBe('Reason (shown to the owner)');
    await page.getByRole('button', { name: 'Hide from the public' }).click();
    await page.getByText('A reason is required: the owner is shown it').waitFor();
    await expectNoAxeViolations(page);
    await reason.fill('Double-booked with another festival');
    await page.getByRole('button', { name: 'Hide from the public' }).click();
    await page.getByRole('button', { name: 'Unhide The Tuba Trouble' }).waitFor();
    await page.getByText('Double-booked with another festival').waitFor();
    await expectNoAxeViolations(page);

    // An anonymous visitor: not on /acts, not on /schedule, and its page is not found.
    await openAs(page, null, '/acts');
    await page.getByRole('link', { name: 'The Quiet Kazoos' }).first().waitFor();
    expect(await page.getByText('The Tuba Trouble').count()).toBe(0);
    expect(await schemaScripts(), "a visitor's /acts").toEqual([]);
    await openAs(page, null, '/schedule');
    await page.getByRole('link', { name: 'The Quiet Kazoos' }).first().waitFor();
    expect(await page.getByText('The Tuba Trouble').count()).toBe(0);
    await openAs(page, null, `/acts/${shown.id}`);
    await page.getByRole('link', { name: '4 Brass Row' }).first().waitFor();
    expect(await schemaScripts(), "a visitor's act page").toEqual([]);
    await openAs(page, null, `/venues/${venue.id}`);
    await page.getByRole('link', { name: 'The Quiet Kazoos' }).first().waitFor();
    expect(await schemaScripts(), "a visitor's venue page").toEqual([]);
    await openAs(page, null, `/acts/${hidden.id}`);
    await page.getByRole('heading', { level: 1, name: 'Act not found' }).waitFor();

    // Its owner still has it on My Acts, with the committee's reason.
    await openAs(page, performer, '/myacts');
    const card = page.getByRole('article', { name: 'Act: The Tuba Trouble' });
    await card.getByText('Hidden by the festival committee:').waitFor();
    await card.getByText('Double-booked with another festival').waitFor();
    await expectNoAxeViolations(page);

    // The owner is e-mailed, through the outbox.
    const mail = await app.smtp.waitFor(
      (m) => m.envelopeTo.includes(performer.email) && m.subject.includes('"The Tuba Trouble" is hidden'),
      15_000,
    );
    expect(mail.text).toContain("The committee's reason: Double-booked with another festival");

    // Unhiding from the web brings it back for everyone.
    await openAs(page, admin, `/acts/${hidden.id}`);
    await page.getByRole('button', { name: 'Unhide The Tuba Trouble' }).click();
    await page.getByRole('button', { name: 'Hide The Tuba Trouble' }).waitFor();
    await openAs(page, null, '/schedule');
    await page.getByRole('link', { name: 'The Tuba Trouble' }).first().waitFor();
  }, 120_000);
});
