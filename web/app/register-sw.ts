/**
 * Registers the service worker (web/sw/sw.ts) once the page has loaded, so its script and the
 * files it precaches never compete with the first page's own downloads. Production builds only:
 * the development server has no worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      // Without the worker the app works as before, online only.
      console.warn('The service worker could not be registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
