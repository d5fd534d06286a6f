import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { Drawing, PageHandle } from './first-view';
import { FestivalSlugRoute } from './festival-slug-route';
import { Layout } from './layout';
import { lazyPage } from './lazy-page';
import { RouteError } from './route-error';

/**
 * Every screen is its own chunk (target: at most 120 KB of gzipped JS for `/`), found by its file:
 * the name a route gives its screen is the name the build's manifest gives its code, so the server
 * hints a page's code and draws it from the same table (docs/decisions/0058).
 */
const screens = import.meta.glob<Record<string, ComponentType>>([
  '../features/*/routes/*.tsx',
  '!../features/*/routes/*.test.tsx',
]);

/** A route's element and handle for the screen in `file` (relative to web/) and its export `name`. */
function screen(file: `features/${string}/routes/${string}.tsx`, name: string, draw?: Drawing) {
  const load = screens[`../${file}`];
  if (!load) throw new Error(`No screen ${file}`);
  const Screen = lazyPage(load, name);
  const handle: PageHandle = { screen: file, draw };
  return { element: <Screen />, handle };
}

const NotFound = lazyPage(() => import('./not-found'), 'NotFound');

/**
 * The route table (docs/behaviour.md#screens). The new, edit and slots screens read their mode from
 * the path.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError standalone />,
    children: [
      {
        // Inside the layout, so a failing screen keeps the navigation bar.
        errorElement: <RouteError />,
        children: [
          { path: '/', ...screen('features/public/routes/home.tsx', 'Home') },
          { path: '/about', ...screen('features/public/routes/about.tsx', 'About', 'frame') },
          { path: '/faq', ...screen('features/public/routes/faq.tsx', 'Faq') },
          { path: '/waivers', ...screen('features/public/routes/waivers.tsx', 'Waivers') },
          { path: '/schedule', ...screen('features/schedule/routes/schedule.tsx', 'Schedule', 'schedule') },
          { path: '/myday', ...screen('features/favourites/routes/my-day.tsx', 'MyDay', 'myDay') },
          { path: '/contact', ...screen('features/messages/routes/contact.tsx', 'Contact') },
          { path: '/contact-thankyou', ...screen('features/messages/routes/contact-thankyou.tsx', 'ContactThankYou') },
          { path: '/login', ...screen('features/auth/routes/login.tsx', 'Login') },
          { path: '/register', ...screen('features/auth/routes/register.tsx', 'Register') },
          { path: '/forgotpass', ...screen('features/auth/routes/forgot-pass.tsx', 'ForgotPass') },
          { path: '/resetpass', ...screen('features/auth/routes/reset-pass.tsx', 'ResetPass') },
          { path: '/profile', ...screen('features/profile/routes/profile.tsx', 'Profile') },
          { path: '/profile/:userEmail', ...screen('features/profile/routes/user-profile.tsx', 'UserProfile') },
          { path: '/admin', ...screen('features/admin/routes/admin-board.tsx', 'AdminBoard') },
          { path: '/admin/people', ...screen('features/admin/routes/people.tsx', 'People') },
          { path: '/venues', ...screen('features/venues/routes/venue-list.tsx', 'VenueList', 'venueList') },
          { path: '/venues/new', ...screen('features/venues/routes/venue-form.tsx', 'VenueForm') },
          { path: '/venues/:venueId', ...screen('features/venues/routes/venue-detail.tsx', 'VenueDetail', 'venue') },
          { path: '/venues/:venueId/edit', ...screen('features/venues/routes/venue-form.tsx', 'VenueForm') },
          {
            path: '/venues/:venueId/slots/edit',
            ...screen('features/scheduling/routes/venue-slots-edit.tsx', 'VenueSlotsEdit'),
          },
          { path: '/venues/:venueId/contact', ...screen('features/messages/routes/venue-contact.tsx', 'VenueContact') },
          { path: '/myvenues', ...screen('features/venues/routes/my-venues.tsx', 'MyVenues') },
          { path: '/acts', ...screen('features/acts/routes/act-list.tsx', 'ActList', 'actList') },
          { path: '/acts/new', ...screen('features/acts/routes/act-form.tsx', 'ActForm') },
          { path: '/acts/:actId', ...screen('features/acts/routes/act-detail.tsx', 'ActDetail', 'act') },
          { path: '/acts/:actId/edit', ...screen('features/acts/routes/act-form.tsx', 'ActForm') },
          { path: '/acts/:actId/contact', ...screen('features/messages/routes/act-contact.tsx', 'ActContact') },
          { path: '/myacts', ...screen('features/acts/routes/my-acts.tsx', 'MyActs') },
          // /{product}: the event page, whose path is the festival's slug
          // (docs/behaviour.md#event-page).
          {
            path: '/:slug',
            element: <FestivalSlugRoute />,
            handle: { screen: 'features/public/routes/event.tsx', festivalSlug: true } satisfies PageHandle,
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
