import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { e2eActors } from './support/actors.js';
import { expectNoAxeViolations } from './support/axe.js';
import { useE2eApp } from './support/e2e-app.js';
import { watchSchemaScripts } from './support/schema-scripts.js';

// Matchmaking in Chromium (docs/decisions/0049-matchmaking.md), the performer's and the
// committee's side: "Porches that fit this act" on the act's page and on My Acts, with the spec's
// Contact to the host; the desk's Matching panel, each line leading to where it is fixed.

const app = useE2eApp('matchmaking-performer');

const { signUp, signUpAdmin, openAs, createVenue, createAct } = e2eActors(app);

/** Every request for an act's suggestions the page made. */
function watchSuggestionCalls(page: Page): () => string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/v1\/acts\/\d+\/suggestions$/.test(path)) calls.push(path);
  });
  return () => [...calls];
}

describe('a performer finds porches that fit their act', () => {
  test('ranked with reasons on the act page and My Acts, never the porch without electricity, and Contact leads to the host form; a visitor gets none of it; axe finds nothing', async () => {
    const host = await signUp(['host'], 'Hetty Host');
    const slot2 = { available_slots: [{ slot_def: 'Slot 2' }] };
    // Known by hand: the act below is amplified (brings its own sound system), folk, Slot 2, and
    // asks for Fiddle Street. 3 Fiddle Street fits best (folk, the street asked for, the rain
    // date); 9 Banjo Road fits too but asks for rock (a warning); 5 Fiddle Street has no
    // electricity (a hard rule: never offered); 7 Fiddle Street only offers Slot 1.
    const best = await createVenue(host, '3 Fiddle Street', { ...slot2, preferred_act_types: ['folk'] });
    const dark = await createVenue(host, '5 Fiddle Street', {
      ...slot2,
      preferred_act_types: ['folk'],
      provide_electric: 'no',
    });
    const other = await createVenue(host, '9 Banjo Road', { ...slot2, preferred_act_types: ['rock'] });
    const wrongTime = await createVenue(host, '7 Fiddle Street', { preferred_act_types: ['folk'] });
    const performer = await signUp(['performer'], 'Pip Picker');
    const act = await createAct(performer, 'The Porch Lights', {
      type: 'folk',
      sound_system: 'bring_own',
      preferred_slots: ['Slot 2'],
      venue_pref: 'Somewhere on Fiddle Street, please',
    });
    const page = app.page;

    // A visitor: the server-drawn act page, taken over by the app, with no such section, no
    // request for it and no schema library.
    const schemaScripts = watchSchemaScripts(page);
    const suggestionCalls = watchSuggestionCalls(page);
    await openAs(page, null, `/acts/${act.id}`);
    await page.getByRole('heading', { level: 1, name: 'The Porch Lights' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: 'Porches that fit this act' }).count()).toBe(0);
    expect(suggestionCalls()).toEqual([]);
    expect(await schemaScripts(), "a visitor's act page").toEqual([]);

    // Its owner: the section appears once the app knows who is signed in.
    await openAs(page, performer, `/acts/${act.id}`);
    const section = page.getByRole('region', { name: 'Porches that fit this act' });
    const items = section.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Contact' }) });
    await items.first().waitFor();
    // Best first; the porch without electricity and the one offering another slot are not there.
    expect(await items.locator('p a').allTextContents()).toEqual(['3 Fiddle Street', '9 Banjo Road']);
    for (const absent of [dark, wrongTime]) {
      expect(await section.getByRole('link', { name: absent.address }).count()).toBe(0);
    }
    const first = items.first();
    // The slot's name and its times, from the festival's configuration.
    await first.getByText('3 Fiddle Street, Slot 2, 1:30pm-2:30pm EDT').waitFor();
    await first.getByText('The porch asks for folk').waitFor();
    await first.getByText('You asked for Fiddle Street').waitFor();
    await first.getByText('The porch is also available on the rain date').waitFor();
    await items.nth(1).getByText('The porch asks for rock, not folk').waitFor();
    expect(await first.getByRole('link', { name: '3 Fiddle Street' }).getAttribute('href')).toBe(`/venues/${best.id}`);
    await expectNoAxeViolations(page);

    // My Acts: closed at first (nothing asked), opened on demand.
    await openAs(page, performer, '/myacts');
    const card = page.getByRole('article', { name: 'Act: The Porch Lights' });
    const summary = card.getByText('Porches that fit this act', { exact: true });
    await summary.waitFor();
    const before = suggestionCalls().length;
    await page.waitForLoadState('networkidle');
    expect(suggestionCalls()).toHaveLength(before);
    await summary.click();
    const contact = card
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: '9 Banjo Road' }) })
      .getByRole('link', { name: 'Contact' });
    await contact.waitFor();
    expect(suggestionCalls()).toHaveLength(before + 1);
    await expectNoAxeViolations(page);

    // Contact: the spec's form to write to that porch's host.
    await contact.click();
    await page.waitForURL((url) => url.pathname === `/venues/${other.id}/contact`);
    await page.getByRole('heading', { level: 1, name: '9 Banjo Road' }).waitFor();
    await page.getByText('ask to be hosted here', { exact: false }).waitFor();
    await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Send message' }).waitFor();
    await expectNoAxeViolations(page);
  });
});

describe("the committee's Matching panel", () => {
  test('an admin sees a porch with no act and an act with no porch, and each link leads to where it is fixed; axe finds nothing', async () => {
    const admin = await signUpAdmin('Mia Match');
    const host = await signUp(['host'], 'Quinn Quiet');
    const porch = await createVenue(host, '20 Quiet Close', { available_slots: [{ slot_def: 'Slot 4' }] });
    // No porch in this file offers Slot 3: the act has nowhere to go, and the panel says why.
    const act = await createAct(await signUp(['performer'], 'Nell Night'), 'The Night Owls', {
      preferred_slots: ['Slot 3'],
    });
    const page = app.page;

    await openAs(page, admin, '/admin');
    const panel = page.getByRole('region', { name: 'Matching', exact: true });
    const porches = panel.getByRole('region', { name: /^Porches with no act yet/ });
    const porchLink = porches.getByRole('link', { name: '20 Quiet Close' });
    await porchLink.waitFor();
    const acts = panel.getByRole('region', { name: /^Acts with no porch/ });
    const actRow = acts.getByRole('row').filter({ has: page.getByRole('link', { name: 'The Night Owls' }) });
    await actRow.getByText('No porch has an open slot at the times the act prefers').waitFor();
    await panel.getByRole('region', { name: /^Rule breaks/ }).waitFor();
    await expectNoAxeViolations(page);

    await porchLink.click();
    await page.waitForURL((url) => url.pathname === `/venues/${porch.id}/slots/edit`);
    await page.getByRole('heading', { level: 1, name: 'Slots and schedule' }).waitFor();
    await page.getByRole('link', { name: '20 Quiet Close' }).waitFor();

    await page.goBack();
    await actRow.getByRole('link', { name: 'The Night Owls' }).click();
    await page.waitForURL((url) => url.pathname === `/acts/${act.id}`);
    await page.getByRole('heading', { level: 1, name: 'The Night Owls' }).waitFor();
  });
});
