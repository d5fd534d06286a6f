import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { AuthServerMessages } from '../../../../contract/auth';
import { saveSession } from '../../../lib/session';
import { createAct, createVenue } from '../../../test/catalogue';
import { renderApp, signUp } from '../../../test/render-app';
import { MY_ACTS_EMPTY } from '../../acts/routes/my-acts';
import { MY_VENUES_EMPTY } from './my-venues';

describe('/myvenues and /myacts', () => {
  test('a new host has no venues yet, and the New Venue button', async () => {
    saveSession(await signUp(['host']));
    renderApp('/myvenues');
    expect(await screen.findByText(MY_VENUES_EMPTY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Venue' })).toHaveAttribute('href', '/venues/new');
  });

  test('a host sees only their own venues', async () => {
    const host = await signUp(['host']);
    const mine = await createVenue(host, { address: `${Date.now()} Mine Street` });
    const theirs = await createVenue(await signUp(['host']), { address: `${Date.now()} Theirs Street` });
    saveSession(host);
    renderApp('/myvenues');
    const list = await screen.findByRole('list', { name: 'My venues' });
    expect(within(list).getByRole('link', { name: mine.address })).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: theirs.address })).not.toBeInTheDocument();
  });

  test('a new performer has no acts yet; their act appears once created', async () => {
    const performer = await signUp(['performer']);
    saveSession(performer);
    renderApp('/myacts');
    expect(await screen.findByText(MY_ACTS_EMPTY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Act' })).toHaveAttribute('href', '/acts/new');
    cleanup();

    await createAct(performer, { name: 'Solo Sparrow' });
    renderApp('/myacts');
    expect(await screen.findByRole('link', { name: 'Solo Sparrow' })).toBeInTheDocument();
  });

  test('a performer may not keep venues', async () => {
    saveSession(await signUp(['performer']));
    renderApp('/myvenues');
    expect(await screen.findByRole('alert')).toHaveTextContent(AuthServerMessages.forbidden);
    expect(screen.queryByRole('link', { name: 'New Venue' })).not.toBeInTheDocument();
  });
});
