import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, inject, test } from 'vitest';
import { saveSession } from '../lib/session';
import { renderApp, signUp } from '../test/render-app';

async function openAt(path: string) {
  const app = renderApp(path);
  const nav = screen.getByRole('navigation', { name: 'Main' });
  // The brand comes from GET /v1/festival, so its arrival means the bar is complete.
  await within(nav).findByRole('link', { name: 'Porchfest 2025' });
  return { ...app, nav };
}

async function openAccountMenu(path: string, name: string) {
  const { user, nav } = await openAt(path);
  const toggle = within(nav).getByRole('button', { name });
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return { user, nav, toggle };
}

// The pages under the bar are this project's own screens (profile, admin board), so the
// tests do not depend on what the public pages need from the browser.
describe('navigation bar', () => {
  test('signed out: the nav links and "Login / Register", and no account menu', async () => {
    const { nav } = await openAt('/admin');
    expect(within(nav).getByRole('link', { name: 'Porchfest 2025' })).toHaveAttribute('href', '/porchfest');
    for (const [name, href] of [
      ['Schedule', '/schedule'],
      ['Acts', '/acts'],
      ['Venues', '/venues'],
      ['Contact', '/contact'],
      ['About', '/about'],
      ['FAQ', '/faq'],
      ['Login / Register', '/login'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(nav).queryByRole('link', { name: 'My Acts' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  test('"Schedule" and "My day" come right after the brand, for everyone', async () => {
    saveSession(await signUp(['performer'], 'Sid Schedule'));
    const { nav } = await openAt('/profile');
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.slice(0, 4)).toEqual(['Porchfest 2025', 'Schedule', 'My day', 'Acts']);
  });

  test('a performer sees My Acts but not My Venues', async () => {
    saveSession(await signUp(['performer'], 'Pat Performer'));
    const { nav } = await openAccountMenu('/profile', 'Pat Performer');
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(nav).getByRole('link', { name: 'My Acts' })).toHaveAttribute('href', '/myacts');
    expect(within(nav).queryByRole('link', { name: 'My Venues' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Login / Register' })).not.toBeInTheDocument();
  });

  test('a host sees My Venues but not My Acts', async () => {
    saveSession(await signUp(['host'], 'Harriet Host'));
    const { nav } = await openAccountMenu('/profile', 'Harriet Host');
    expect(within(nav).getByRole('link', { name: 'My Venues' })).toHaveAttribute('href', '/myvenues');
    expect(within(nav).queryByRole('link', { name: 'My Acts' })).not.toBeInTheDocument();
  });

  test('a host and performer sees both', async () => {
    saveSession(await signUp(['host', 'performer'], 'Bea Both'));
    const { nav } = await openAccountMenu('/profile', 'Bea Both');
    expect(within(nav).getByRole('link', { name: 'My Venues' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'My Acts' })).toBeInTheDocument();
  });

  test('an admin passes every role check, so sees both', async () => {
    saveSession(inject('adminSession'));
    const { nav } = await openAccountMenu('/profile', 'Ada Admin');
    expect(within(nav).getByRole('link', { name: 'My Venues' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'My Acts' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  test('only an admin has the Admin item', async () => {
    saveSession(await signUp(['host', 'performer'], 'Nora Notadmin'));
    const { nav } = await openAccountMenu('/profile', 'Nora Notadmin');
    expect(within(nav).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  test('the account menu works from the keyboard and Escape closes it', async () => {
    saveSession(await signUp(['performer'], 'Kim Keys'));
    const { user, nav } = await openAt('/profile');
    const toggle = within(nav).getByRole('button', { name: 'Kim Keys' });
    toggle.focus();
    await user.keyboard('{ArrowDown}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The list opens on the next frame, then its first item takes focus.
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(within(nav).getByRole('link', { name: 'My Acts' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  test.each([
    ['/register', 'Login / Register'],
    ['/forgotpass', 'Login / Register'],
    ['/login', 'Login / Register'],
    ['/contact-thankyou', 'Contact'],
    ['/acts', 'Acts'],
    ['/schedule', 'Schedule'],
    ['/myday', 'My day'],
  ])('%s highlights %s', async (path, item) => {
    const { nav } = await openAt(path);
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.classList.contains('active'));
    expect(current.map((link) => link.textContent)).toEqual([item]);
    expect(within(nav).getByRole('link', { name: item })).toHaveAttribute('aria-current', 'page');
  });

  test('the error toast exists but is never shown', async () => {
    await openAt('/admin');
    const toast = document.getElementById('error-toast');
    expect(toast).not.toBeNull();
    expect(toast).not.toBeVisible();
  });

  test('the "{product} 2025" link is highlighted on its own page, and only there', async () => {
    const { nav } = await openAt('/porchfest');
    const brand = within(nav).getByRole('link', { name: 'Porchfest 2025' });
    expect(brand).toHaveAttribute('aria-current', 'page');
    expect(brand).toHaveClass('active');
    for (const link of within(nav).getAllByRole('link')) {
      if (link !== brand) expect(link).not.toHaveAttribute('aria-current');
    }
  });

  test('elsewhere the "{product} 2025" link is not highlighted', async () => {
    const { nav } = await openAt('/about');
    expect(within(nav).getByRole('link', { name: 'Porchfest 2025' })).not.toHaveAttribute('aria-current');
  });
});
