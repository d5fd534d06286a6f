import { render, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, inject, test, vi } from 'vitest';
import type { SessionUser } from '../../../../contract/auth';
import { REQUIRED } from '../../../../contract/forms';
import type { CommentListResponse } from '../../../../contract/messages';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { saveSession } from '../../../lib/session';
import { createAct, createVenue } from '../../../test/catalogue';
import { watchFetch } from '../../../test/fetch-calls';
import { renderApp, signUp } from '../../../test/render-app';
import { ReceivedMessages } from '../components/received-messages';

afterEach(() => {
  vi.restoreAllMocks();
});

const EDITOR_WAIT = { timeout: 15_000 };
const editor = () => screen.findByRole('textbox', { name: /^Message/ }, EDITOR_WAIT);

async function messagesAbout(owner: SessionUser, type: 'venue' | 'act', id: number): Promise<CommentListResponse> {
  const response = await fetch(
    `${inject('apiUrl')}/v1/comments?entity_id=${id}&entity_type=${type}&include_total=true`,
    {
      headers: { authorization: `Bearer ${owner.jwt_token}` },
    },
  );
  return (await response.json()) as CommentListResponse;
}

describe('/venues/:id/contact and /acts/:id/contact', () => {
  test('a visitor sees the address as the heading and is told to log in, with no form', async () => {
    const venue = await createVenue(await signUp(['host']), { address: '41 Elm Court' });
    renderApp(`/venues/${venue.id}/contact`);
    expect(await screen.findByRole('heading', { level: 1, name: '41 Elm Court' })).toBeInTheDocument();
    expect(screen.getByText('You need to be logged in to contact this venue.')).toBeInTheDocument();
    expect(screen.queryByRole('alert'), 'a static notice, not an alert').not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send message' })).not.toBeInTheDocument();
  });

  test("an act's page names the act and says 'this act'", async () => {
    const act = await createAct(await signUp(['performer']), { name: 'The Rain Barrels' });
    renderApp(`/acts/${act.id}/contact`);
    expect(await screen.findByRole('heading', { level: 1, name: 'The Rain Barrels' })).toBeInTheDocument();
    expect(screen.getByText('You need to be logged in to contact this act.')).toBeInTheDocument();
  });

  test('the explanatory text: a performer asks a venue to host them, a host asks an act to play', async () => {
    saveSession(await signUp(['host', 'performer']));
    const venue = await createVenue(await signUp(['host']));
    const act = await createAct(await signUp(['performer']));
    renderApp(`/venues/${venue.id}/contact`);
    expect(await screen.findByText(/ask to be hosted here/)).toBeInTheDocument();
    expect(screen.getByText(/looking for a porch/)).toBeInTheDocument();
    renderApp(`/acts/${act.id}/contact`);
    expect(await screen.findByText(/ask to host them at your venue/)).toBeInTheDocument();
  });

  test("an empty message shows 'This field is required' and opens no dialog", async () => {
    saveSession(await signUp(['performer']));
    const venue = await createVenue(await signUp(['host']));
    const calls = watchFetch();
    const { user } = renderApp(`/venues/${venue.id}/contact`);
    await editor();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(async () => expect(await editor()).toHaveAccessibleDescription(REQUIRED));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls().filter((c) => c.startsWith('POST'))).toEqual([]);
  }, 30_000);

  test("'Send message' asks first; Cancel sends nothing; 'Send it' sends the message to the owner", async () => {
    const host = await signUp(['host']);
    const venue = await createVenue(host, { address: '9 Cedar Row' });
    saveSession(await signUp(['performer'], 'Penny Performer'));
    const { user } = renderApp(`/venues/${venue.id}/contact`);
    await user.type(await editor(), 'May we play in slot 1?');

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    let dialog = await screen.findByRole('dialog', { name: 'Send Message?' });
    expect(dialog).toHaveTextContent('Are you sure you want to send this message to "9 Cedar Row"?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await messagesAbout(host, 'venue', venue.id)).total).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    dialog = await screen.findByRole('dialog', { name: 'Send Message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send it' }));
    // The screen then reloads the page with ?result=success (a full load jsdom cannot make).
    await waitFor(async () => expect((await messagesAbout(host, 'venue', venue.id)).total).toBe(1));
    const [sent] = (await messagesAbout(host, 'venue', venue.id)).data;
    expect(sent).toMatchObject({ sender_name: 'Penny Performer', entity_name: '9 Cedar Row' });
    expect(sent!.message).toContain('May we play in slot 1?');
  }, 30_000);

  test("after the reload, 'Message Sent' says it went by e-mail and OK returns to the list", async () => {
    saveSession(await signUp(['host']));
    const act = await createAct(await signUp(['performer']));
    const { user, router } = renderApp(`/acts/${act.id}/contact?result=success`);
    const dialog = await screen.findByRole('dialog', { name: 'Message Sent' });
    expect(dialog).toHaveTextContent(/sent via e-mail/);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acts'));
  });

  test.each([
    ['Escape', async (user: UserEvent) => user.keyboard('{Escape}')],
    [
      'the close button',
      async (user: UserEvent, dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: 'Close' })),
    ],
  ])("closing 'Message Sent' with %s also returns to the list", async (_how, close) => {
    saveSession(await signUp(['performer']));
    const venue = await createVenue(await signUp(['host']));
    const { user, router } = renderApp(`/venues/${venue.id}/contact?result=success`);
    const dialog = await screen.findByRole('dialog', { name: 'Message Sent' });
    await close(user, dialog);
    await waitFor(() => expect(router.state.location.pathname).toBe('/venues'));
  });

  test('a refused send (too many messages) says when to try again, and keeps the message', async () => {
    const venue = await createVenue(await signUp(['host']));
    const sender = await signUp(['performer']);
    // Use up the sender's hourly allowance through the API, as a busy sender would.
    let status = 0;
    for (let sent = 0; sent < 100 && status !== 429; sent += 1) {
      status = (
        await fetch(`${inject('apiUrl')}/v1/comments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${sender.jwt_token}` },
          body: JSON.stringify({ message: `<p>Note ${sent}</p>`, entity_id: venue.id, entity_type: 'venue' }),
        })
      ).status;
    }
    expect(status).toBe(429);
    saveSession(sender);
    const { user, router } = renderApp(`/venues/${venue.id}/contact`);
    await user.type(await editor(), 'One more question about slot 2');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Send Message?' })).getByRole('button', { name: 'Send it' }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have sent too many messages; try again in an hour. What you wrote is still here.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await editor()).toHaveTextContent('One more question about slot 2');
    expect(router.state.location.search).toBe('');
  }, 30_000);

  test.each(['venue', 'act'] as const)(
    'the owner opening the contact page of their own %s sees the messages they received, not a form',
    async (type) => {
      const owner = await signUp(['host', 'performer']);
      const target = type === 'venue' ? await createVenue(owner) : await createAct(owner);
      const sender = await signUp(['host', 'performer'], 'Wren Writer');
      const sent = await fetch(`${inject('apiUrl')}/v1/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${sender.jwt_token}` },
        body: JSON.stringify({ message: '<p>Can we share the porch?</p>', entity_id: target.id, entity_type: type }),
      });
      expect(sent.status).toBe(201);
      saveSession(owner);
      renderApp(`/${type}s/${target.id}/contact`);

      const received = await screen.findByRole('region', { name: 'Messages you received' });
      expect(within(received).getByRole('listitem')).toHaveTextContent(/^From Wren Writer .*Can we share the porch\?$/);
      expect(screen.getByText(`This is your own ${type}.`, { exact: false })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send message' })).not.toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: /^Message/ })).not.toBeInTheDocument();
    },
  );

  test('an unknown venue says so', async () => {
    renderApp('/venues/2147483000/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Venue not found' })).toBeInTheDocument();
  });
});

describe('ReceivedMessages', () => {
  function renderReceived(type: 'venue' | 'act', id: number, ownerId: number) {
    const router = createMemoryRouter([
      { path: '/', element: <ReceivedMessages entityType={type} entityId={id} ownerId={ownerId} /> },
    ]);
    render(
      <AppProviders client={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  }

  const send = (sender: SessionUser, entityId: number, message: string) =>
    fetch(`${inject('apiUrl')}/v1/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sender.jwt_token}` },
      body: JSON.stringify({ message, entity_id: entityId, entity_type: 'venue' }),
    });

  test('shows the owner each message with its sender, e-mail link and time, newest first', async () => {
    const host = await signUp(['host']);
    const venue = await createVenue(host);
    const first = await signUp(['performer'], 'Fern First');
    const second = await signUp(['performer'], 'Sid Second');
    expect((await send(first, venue.id, '<p>First <strong>hello</strong></p>')).status).toBe(201);
    expect((await send(second, venue.id, '<p>Second hello</p>')).status).toBe(201);
    saveSession(host);
    renderReceived('venue', venue.id, host.id);

    const section = await screen.findByRole('region', { name: 'Messages you received' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^From Sid Second .*Second hello$/),
      expect.stringMatching(/^From Fern First .*First hello$/),
    ]);
    expect(within(items[1]!).getByRole('link', { name: first.email })).toHaveAttribute('href', `mailto:${first.email}`);
    expect(items[1]!.querySelector('strong')).toHaveTextContent('hello');
  });

  test('tells an owner with no messages yet', async () => {
    const host = await signUp(['host']);
    const venue = await createVenue(host);
    saveSession(host);
    renderReceived('venue', venue.id, host.id);
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
  });

  test('shows nothing, and asks for nothing, for anyone but the owner', async () => {
    const host = await signUp(['host']);
    const venue = await createVenue(host);
    saveSession(await signUp(['performer']));
    const calls = watchFetch();
    renderReceived('venue', venue.id, host.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(calls().filter((c) => c.includes('/v1/comments'))).toEqual([]);
  });
});
