import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, inject, test } from 'vitest';
import { ModerationMessages } from '../../../../contract/moderation';
import { saveSession } from '../../../lib/session';
import { createVenue } from '../../../test/catalogue';
import { renderApp, signUp } from '../../../test/render-app';

// docs/behaviour.md#moderation: the Moderation section on a venue's page, against the real API.

describe('moderation on a venue page', () => {
  test('an admin hides a venue with a reason (asked for first) and unhides it; the card shows the reason meanwhile', async () => {
    const host = await signUp(['host']);
    const venue = await createVenue(host, { address: `${Date.now()} Moderated Mews` });
    saveSession(inject('adminSession'));
    const { user } = renderApp(`/venues/${venue.id}`);

    const section = await screen.findByRole('region', { name: 'Moderation' });
    await user.click(within(section).getByRole('button', { name: `Hide ${venue.address}` }));
    const reason = within(section).getByLabelText('Reason (shown to the owner)');
    await waitFor(() => expect(reason).toHaveFocus());
    await user.click(within(section).getByRole('button', { name: 'Hide from the public' }));
    expect(await within(section).findByText(ModerationMessages.reasonRequired)).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');

    await user.type(reason, 'Not a porch at all');
    await user.click(within(section).getByRole('button', { name: 'Hide from the public' }));
    await within(section).findByRole('button', { name: `Unhide ${venue.address}` });
    const card = screen.getByRole('article');
    expect(await within(card).findByText('Hidden by the festival committee:')).toBeInTheDocument();
    expect(within(card).getByText(/Not a porch at all/)).toBeInTheDocument();

    // Anyone else: the venue is not found.
    const anonymous = await fetch(`${inject('apiUrl')}/v1/venues/${venue.id}`);
    expect(anonymous.status).toBe(404);

    await user.click(within(section).getByRole('button', { name: `Unhide ${venue.address}` }));
    await within(section).findByRole('button', { name: `Hide ${venue.address}` });
    expect((await fetch(`${inject('apiUrl')}/v1/venues/${venue.id}`)).status).toBe(200);
  });

  test('no one but an admin sees the section, the owner included', async () => {
    const host = await signUp(['host']);
    const venue = await createVenue(host, { address: `${Date.now()} Plain Place` });
    saveSession(host);
    renderApp(`/venues/${venue.id}`);
    await screen.findByRole('heading', { level: 1, name: venue.address });
    expect(screen.queryByRole('region', { name: 'Moderation' })).not.toBeInTheDocument();
  });
});
