import { screen, within } from '@testing-library/react';
import { describe, expect, inject, test } from 'vitest';
import { AuthServerMessages } from '../../../../contract/auth';
import { saveSession } from '../../../lib/session';
import { createAct, createVenue } from '../../../test/catalogue';
import { renderApp, signUp } from '../../../test/render-app';

describe('/profile/:userEmail', () => {
  test("an admin sees the person's name and the venues and acts they created", async () => {
    const person = await signUp(['host', 'performer'], 'Bea Both');
    const venue = await createVenue(person);
    const act = await createAct(person, { name: 'Bea and the Bees' });
    saveSession(inject('adminSession'));
    renderApp(`/profile/${encodeURIComponent(person.email)}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Bea Both' })).toBeInTheDocument();
    const venues = screen.getByRole('region', { name: 'Venues' });
    expect(within(venues).getByRole('link', { name: venue.address })).toHaveAttribute('href', `/venues/${venue.id}`);
    const acts = screen.getByRole('region', { name: 'Acts' });
    expect(within(acts).getByRole('link', { name: 'Bea and the Bees' })).toHaveAttribute('href', `/acts/${act.id}`);
  });

  test('anyone else sees "You are not allowed to perform this action."', async () => {
    const person = await signUp(['host'], 'Private Person');
    saveSession(await signUp(['host'], 'Nosy Host'));
    renderApp(`/profile/${encodeURIComponent(person.email)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(AuthServerMessages.forbidden);
    expect(screen.queryByText(person.name)).not.toBeInTheDocument();
  });

  test('a person may open /profile/{their own e-mail}, in any case, and sees what they created', async () => {
    const person = await signUp(['host', 'performer'], 'Olive Own');
    const venue = await createVenue(person);
    saveSession(person);
    renderApp(`/profile/${encodeURIComponent(person.email.toUpperCase())}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Olive Own' })).toBeInTheDocument();
    const venues = screen.getByRole('region', { name: 'Venues' });
    expect(within(venues).getByRole('link', { name: venue.address })).toHaveAttribute('href', `/venues/${venue.id}`);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
