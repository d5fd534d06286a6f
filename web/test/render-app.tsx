import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// From 'react-router' itself: under Vitest 'react-router/dom' resolves to a second copy
// of the router whose context the screens would not see.
import { createMemoryRouter, RouterProvider } from 'react-router';
import { inject } from 'vitest';
import type { SessionUser, SignupInput } from '../../contract/auth';
import { AppProviders, createQueryClient } from '../app/providers';
import { routes } from '../app/router';

/** The whole app (layout, nav bar, the real route table) at `path`, talking to the real API. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  render(
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user, router };
}

let people = 0;

/** Registers someone through the real API and returns the sign-up response (a session). */
export async function signUp(roles: SignupInput['roles'], name = 'Test Person'): Promise<SessionUser> {
  people += 1;
  const response = await fetch(`${inject('apiUrl')}/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      email: `web-${people}-${Date.now()}@example.test`,
      password: 'Porch-Music-1',
      roles,
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as SessionUser;
}
