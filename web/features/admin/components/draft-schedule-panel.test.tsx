import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, inject, test } from 'vitest';
import { DraftMessages } from '../../../../contract/drafts';
import { saveSession } from '../../../lib/session';
import { createAct, createVenue, scheduleActs } from '../../../test/catalogue';
import { renderApp, signUp } from '../../../test/render-app';

// The web tests share one API server: other files change its schedule at any time, so an apply
// here would be refused as stale at random. The refusal is what is tested here; e2e/draft-schedule.test.ts
// applies on a server of its own.
describe("the desk's Draft schedule panel", () => {
  test('drafts, shows the changes with their reasons, counts the ticked ones, and shows the 409 when the schedule changed since', async () => {
    const stamp = Date.now();
    const host = await signUp(['host'], 'Dora Drafted');
    // Three folk porches free at Slot 4: other test files' acts wanting Slot 4 (drafted on the same
    // shared server) still leave this act a porch that asked for its genre.
    for (const n of [1, 2, 3]) {
      await createVenue(host, {
        address: `${stamp}${n} Solver Street`,
        preferred_act_types: ['folk'],
        available_slots: [{ slot_def: 'Slot 4' }],
      });
    }
    const performer = await signUp(['performer'], 'Perry Placed');
    const act = await createAct(performer, { name: `Late Larks ${stamp}`, type: 'folk', preferred_slots: ['Slot 4'] });

    saveSession(inject('adminSession'));
    const { user } = renderApp('/admin');
    const panel = await screen.findByRole('region', { name: 'Draft schedule' });
    expect(within(panel).getByText(/a restart forgets them/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('radio', { name: /^Re-plan everything/ }));
    await user.click(within(panel).getByRole('radio', { name: 'Keep every current set and fill around them' }));
    await user.click(within(panel).getByRole('button', { name: 'Draft' }));

    const heading = await within(panel).findByRole(
      'heading',
      { name: /^Draft \d+: the festival day, keep every current set and fill around them$/ },
      { timeout: 30_000 },
    );
    expect(heading).toHaveFocus();
    expect(within(panel).getAllByRole('status')[0]).toHaveTextContent(/^Draft \d+ is ready: \d+ changes? to review\.$/);
    expect(
      within(panel).getByText(/^Proven the best schedule the rules allow\. Solved in [\d.]+ s\.$/),
    ).toBeInTheDocument();
    const figures = within(panel).getByRole('table', { name: 'The schedule now and after the draft' });
    expect(within(figures).getByRole('rowheader', { name: 'Acts placed' })).toBeInTheDocument();
    expect(within(figures).getByRole('rowheader', { name: 'Sets breaking a hard rule' })).toBeInTheDocument();

    // The act is placed at a porch that offers Slot 4 (ours, or another test's), with its reasons.
    const added = within(panel).getByRole('region', { name: /^New sets \(\d+\)$/ });
    const row = within(added).getByRole('link', { name: act.name }).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Slot 4');
    expect(row).toHaveTextContent(/Score \d+:/);
    expect(row).toHaveTextContent('Plays folk, which the porch asked for');
    const box = within(row).getByRole('checkbox', { name: new RegExp(`^Add ${act.name} at .+, Slot 4$`) });
    expect(within(panel).getByRole('button', { name: 'Apply selected (0)' })).toBeDisabled();
    await user.click(box);
    expect(box).toBeChecked();
    const applySelected = within(panel).getByRole('button', { name: 'Apply selected (1)' });

    // Someone changes the schedule before the committee applies: refused, with the server's words.
    const other = await createVenue(host, {
      address: `${stamp} Stale Street`,
      available_slots: [{ slot_def: 'Slot 3' }],
    });
    const elsewhere = await createAct(performer, { name: `Stale ${stamp}`, preferred_slots: ['Slot 3'] });
    await scheduleActs(host, other.id, [{ slot_def: 'Slot 3', scheduled_act_id: elsewhere.id }]);
    await user.click(applySelected);
    const refusal = await within(panel).findByRole('alert');
    expect(refusal).toHaveTextContent(DraftMessages.stale);
    await waitFor(() => expect(refusal.parentElement).toHaveFocus());
    expect(box).not.toBeDisabled();
  });
});
