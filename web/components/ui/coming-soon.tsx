import { usePageTitle } from '../../lib/page-title';

/** What a screen shows until its feature is built. */
export function ComingSoon({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <>
      <h1>{title}</h1>
      <p className="lead">This page is coming soon.</p>
    </>
  );
}
