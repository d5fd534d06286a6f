import { screen } from '@testing-library/react';
import type { SignupInput } from '../../contract/auth';
import { saveSession } from '../lib/session';
import { watchFetch } from './fetch-calls';
import { renderApp, signUp } from './render-app';

/** Quill loads lazily, and under jsdom the first load takes a few seconds. */
export const EDITOR_WAIT = { timeout: 15_000 };

/** The act or venue form's rich-text Description, once its editor has loaded. */
export const descriptionEditor = () => screen.findByRole('textbox', { name: /^Description/ }, EDITOR_WAIT);

/** A group of the form's choices (a fieldset) by the start of its legend. */
export const fieldGroup = (legend: string) => screen.getByRole('group', { name: new RegExp(`^${legend}`) });

/**
 * Signs up `name` with `role`, opens the new-entry form at `path` (its h1 is `heading`),
 * waits for its editor and presses `submit` with every field empty. Answers the fetch calls made
 * since the form opened.
 */
export async function submitEmptyForm(
  role: SignupInput['roles'][number],
  name: string,
  path: string,
  heading: string,
  submit: string,
): Promise<() => string[]> {
  saveSession(await signUp([role], name));
  const calls = watchFetch();
  const { user } = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: heading });
  await descriptionEditor();
  await user.click(screen.getByRole('button', { name: submit }));
  return calls;
}
