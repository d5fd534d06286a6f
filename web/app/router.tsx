import { createBrowserRouter, type RouteObject } from 'react-router';
import { FestivalSlugRoute } from './festival-slug-route';
import { Layout } from './layout';
import { lazyPage } from './lazy-page';
import { RouteError } from './route-error';

// Every screen is its own chunk (target: at most 120 KB of gzipped JS for `/`).
const Home = lazyPage(() => import('../features/public/routes/home'), 'Home');
const About = lazyPage(() => import('../features/public/routes/about'), 'About');
const Faq = lazyPage(() => import('../features/public/routes/faq'), 'Faq');
const Waivers = lazyPage(() => import('../features/public/routes/waivers'), 'Waivers');
const Schedule = lazyPage(() => import('../features/schedule/routes/schedule'), 'Schedule');
const MyDay = lazyPage(() => import('../features/favourites/routes/my-day'), 'MyDay');
const Contact = lazyPage(() => import('../features/messages/routes/contact'), 'Contact');
const ContactThankYou = lazyPage(() => import('../features/messages/routes/contact-thankyou'), 'ContactThankYou');
const VenueContact = lazyPage(() => import('../features/messages/routes/venue-contact'), 'VenueContact');
const ActContact = lazyPage(() => import('../features/messages/routes/act-contact'), 'ActContact');
const Login = lazyPage(() => import('../features/auth/routes/login'), 'Login');
const Register = lazyPage(() => import('../features/auth/routes/register'), 'Register');
const ForgotPass = lazyPage(() => import('../features/auth/routes/forgot-pass'), 'ForgotPass');
const ResetPass = lazyPage(() => import('../features/auth/routes/reset-pass'), 'ResetPass');
const Profile = lazyPage(() => import('../features/profile/routes/profile'), 'Profile');
const UserProfile = lazyPage(() => import('../features/profile/routes/user-profile'), 'UserProfile');
const AdminBoard = lazyPage(() => import('../features/admin/routes/admin-board'), 'AdminBoard');
const People = lazyPage(() => import('../features/admin/routes/people'), 'People');
const VenueList = lazyPage(() => import('../features/venues/routes/venue-list'), 'VenueList');
const VenueForm = lazyPage(() => import('../features/venues/routes/venue-form'), 'VenueForm');
const VenueDetail = lazyPage(() => import('../features/venues/routes/venue-detail'), 'VenueDetail');
const VenueSlots = lazyPage(() => import('../features/scheduling/routes/venue-slots-edit'), 'VenueSlotsEdit');
const MyVenues = lazyPage(() => import('../features/venues/routes/my-venues'), 'MyVenues');
const ActList = lazyPage(() => import('../features/acts/routes/act-list'), 'ActList');
const ActForm = lazyPage(() => import('../features/acts/routes/act-form'), 'ActForm');
const ActDetail = lazyPage(() => import('../features/acts/routes/act-detail'), 'ActDetail');
const MyActs = lazyPage(() => import('../features/acts/routes/my-acts'), 'MyActs');
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
          { path: '/', element: <Home /> },
          { path: '/about', element: <About /> },
          { path: '/faq', element: <Faq /> },
          { path: '/waivers', element: <Waivers /> },
          { path: '/schedule', element: <Schedule /> },
          { path: '/myday', element: <MyDay /> },
          { path: '/contact', element: <Contact /> },
          { path: '/contact-thankyou', element: <ContactThankYou /> },
          { path: '/login', element: <Login /> },
          { path: '/register', element: <Register /> },
          { path: '/forgotpass', element: <ForgotPass /> },
          { path: '/resetpass', element: <ResetPass /> },
          { path: '/profile', element: <Profile /> },
          { path: '/profile/:userEmail', element: <UserProfile /> },
          { path: '/admin', element: <AdminBoard /> },
          { path: '/admin/people', element: <People /> },
          { path: '/venues', element: <VenueList /> },
          { path: '/venues/new', element: <VenueForm /> },
          { path: '/venues/:venueId', element: <VenueDetail /> },
          { path: '/venues/:venueId/edit', element: <VenueForm /> },
          { path: '/venues/:venueId/slots/edit', element: <VenueSlots /> },
          { path: '/venues/:venueId/contact', element: <VenueContact /> },
          { path: '/myvenues', element: <MyVenues /> },
          { path: '/acts', element: <ActList /> },
          { path: '/acts/new', element: <ActForm /> },
          { path: '/acts/:actId', element: <ActDetail /> },
          { path: '/acts/:actId/edit', element: <ActForm /> },
          { path: '/acts/:actId/contact', element: <ActContact /> },
          { path: '/myacts', element: <MyActs /> },
          // /{product}: the event page, whose path is the festival's slug
          // (docs/behaviour.md#event-page).
          { path: '/:slug', element: <FestivalSlugRoute /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
