import { AnnouncementLevelLabels, isWebLink } from '../../../../contract/announcement-levels';
import { useAnnouncements } from '../api/get-announcements';
import { useDismissed } from '../lib/dismissed';

/**
 * The committee's announcements at the top of every page (docs/behaviour.md#announcements), each
 * with its level for screen readers, its link if it has one, and a button that hides it on this
 * device. Read in place: a banner that was there when the page opened is not an alert.
 */
export function AnnouncementBanner() {
  const { data } = useAnnouncements();
  const announcements = data?.data ?? [];
  const { dismissed, dismiss } = useDismissed(announcements.map((a) => a.id));
  const shown = announcements.filter((a) => !dismissed.includes(a.id));
  if (shown.length === 0) return null;

  const onDismiss = (id: number) => {
    dismiss(id);
    // The button goes away with its banner: the page's main content takes the focus.
    document.getElementById('main')?.focus();
  };

  return (
    <section aria-label="Announcements from the committee">
      {shown.map((a) => (
        <div key={a.id} className={`alert alert-${a.level} rounded-0 mb-0 py-2`} data-testid="announcement">
          <div className="container d-flex align-items-start gap-2">
            <p className="mb-0 flex-grow-1">
              <span className="visually-hidden">{AnnouncementLevelLabels[a.level]}: </span>
              {a.text}
              {a.link_url && isWebLink(a.link_url) && (
                <>
                  {' '}
                  <a className="alert-link" href={a.link_url} rel="noopener noreferrer">
                    More information
                  </a>
                </>
              )}
            </p>
            <button
              type="button"
              className="btn-close"
              aria-label={`Dismiss the announcement: ${a.text}`}
              onClick={() => onDismiss(a.id)}
            />
          </div>
        </div>
      ))}
    </section>
  );
}
