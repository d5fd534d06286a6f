import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, inject, test } from 'vitest';
import { AuthServerMessages } from '../../../../contract/auth';
import { saveSession } from '../../../lib/session';
import { createAct, createVenue } from '../../../test/catalogue';
import { renderApp, signUp } from '../../../test/render-app';
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
    expect(
      await screen.findByText('You have not created any acts yet. Use the New Act button to create an act.'),
    ).toBeInTheDocument();
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

  test.each([
    ['venue', '/myvenues', '/venues', ['host'] as const],
    ['act', '/myacts', '/acts', ['performer'] as const],
  ])('deleting a %s from %s lands on %s', async (kind, page, list, roles) => {
    const owner = await signUp([...roles]);
    const item = kind === 'venue' ? await createVenue(owner) : await createAct(owner);
    saveSession(owner);
    const { user, router } = renderApp(page);
    const cards = await screen.findByRole('list', { name: kind === 'venue' ? 'My venues' : 'My acts' });
    await user.click(within(cards).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: `Delete ${kind}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(list));
    expect((await fetch(`${inject('apiUrl')}/v1/${kind}s/${item.id}`)).status).toBe(404);
  });
});
