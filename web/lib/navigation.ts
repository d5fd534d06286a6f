/**
 * A full page load, not a client-side route change. The spec asks for one after sign-in,
 * sign-up, logout and a password reset, so every screen starts again from the new session.
 */
export function fullPageLoad(path: string): void {
  window.location.assign(path);
}
