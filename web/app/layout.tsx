import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { useSessionCheck } from '../lib/session-check';
import { AnnouncementBanner } from '../features/announcements/components/announcement-banner';
import { ErrorToast } from './error-toast';
import { NavBar } from './nav-bar';
import { OfflineBanner } from './offline-banner';

export function Layout() {
  useSessionCheck();
  return (
    <>
      <a href="#main" className="visually-hidden-focusable skip-link">
        Skip to main content
      </a>
      <header>
        <NavBar />
        <OfflineBanner />
        <AnnouncementBanner />
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
