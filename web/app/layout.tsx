import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { ErrorToast } from './error-toast';
import { NavBar } from './nav-bar';

export function Layout() {
  return (
    <>
      <a href="#main" className="visually-hidden-focusable skip-link">
        Skip to main content
      </a>
      <header>
        <NavBar />
      </header>
      <main id="main" tabIndex={-1} className="container py-4">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <ErrorToast />
    </>
  );
}
