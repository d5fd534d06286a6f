import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  ANNOUNCEMENT_LEVELS,
  ANNOUNCEMENT_LINK_MAX,
  ANNOUNCEMENT_TEXT_MAX,
  AnnouncementLevelLabels,
  type AnnouncementLevel,
} from '../../../../contract/announcements';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError, errorText } from '../../../lib/api-client';
import { useFestival } from '../../../lib/festival';
import { useDeleteAnnouncement, useDeskAnnouncements, usePostAnnouncement } from '../api/announcements';
import { DeskTable } from './desk-table';
import { instantOf, wallTime, WallClockField } from './wall-clock';

const STATUS_LABELS = { scheduled: 'Scheduled', showing: 'Showing', ended: 'Ended' } as const;

/**
 * Announcements on the desk (docs/behaviour.md#announcements): post one (shown as a banner on
 * every page from its start to its end), and the list of all, each with a delete button.
 */
export function AnnouncementsPanel() {
  const festival = useFestival();
  const list = useDeskAnnouncements();
  const post = usePostAnnouncement();
  const remove = useDeleteAnnouncement();
  const [text, setText] = useState('');
  const [link, setLink] = useState('');
  const [level, setLevel] = useState<AnnouncementLevel>('info');
  const [starts, setStarts] = useState<string | null>(null);
  const [ends, setEnds] = useState<string | null>(null);
  // By default from when the desk opened until the same time the next day.
  const [openedAt] = useState(() => Date.now());

  if (festival.isPending || list.isPending) return <PageLoading />;
  if (festival.isError) return <ErrorAlert>{errorText(festival.error)}</ErrorAlert>;
  if (list.isError) return <ErrorAlert>{errorText(list.error)}</ErrorAlert>;
  const timeZone = festival.data.timezone;
  const startValue = starts ?? wallTime(new Date(openedAt).toISOString(), timeZone);
  const endValue = ends ?? wallTime(new Date(openedAt + 86_400_000).toISOString(), timeZone);
  const fields = post.error instanceof ApiError ? (post.error.body.fields ?? {}) : {};

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const starts_at = instantOf(startValue, timeZone);
    const ends_at = instantOf(endValue, timeZone);
    if (!starts_at || !ends_at) return;
    post.mutate(
      { text, link_url: link.trim() === '' ? null : link.trim(), level, starts_at, ends_at },
      {
        onSuccess: () => {
          setText('');
          setLink('');
          setStarts(null);
          setEnds(null);
        },
      },
    );
  };

  const field = (name: string) => ({
    isInvalid: fields[name] !== undefined,
    'aria-describedby': fields[name] !== undefined ? `announcement-${name}-error` : undefined,
  });
  const feedback = (name: string) =>
    fields[name] !== undefined && (
      <Form.Control.Feedback type="invalid" id={`announcement-${name}-error`}>
        {fields[name]}
      </Form.Control.Feedback>
    );

  return (
    <>
      <p>An announcement shows as a banner at the top of every page, to everyone, from its start to its end.</p>
      <Form onSubmit={onSubmit} noValidate className="row g-2 mb-3">
        <div className="col-12">
          <Form.Label htmlFor="announcement-text">Text</Form.Label>
          <Form.Control
            id="announcement-text"
            required
            maxLength={ANNOUNCEMENT_TEXT_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            {...field('text')}
          />
          {feedback('text')}
        </div>
        <div className="col-md-8">
          <Form.Label htmlFor="announcement-link">Link (optional, http:// or https://)</Form.Label>
          <Form.Control
            id="announcement-link"
            type="url"
            maxLength={ANNOUNCEMENT_LINK_MAX}
            value={link}
            onChange={(e) => setLink(e.target.value)}
            {...field('link_url')}
          />
          {feedback('link_url')}
        </div>
        <div className="col-md-4">
          <Form.Label htmlFor="announcement-level">Level</Form.Label>
          <Form.Select
            id="announcement-level"
            value={level}
            onChange={(e) => setLevel(e.target.value === 'warning' ? 'warning' : 'info')}
            {...field('level')}
          >
            {ANNOUNCEMENT_LEVELS.map((l) => (
              <option key={l} value={l}>
                {AnnouncementLevelLabels[l]}
              </option>
            ))}
          </Form.Select>
          {feedback('level')}
        </div>
        <div className="col-sm-6">
          <WallClockField
            id="announcement-starts"
            label="Starts"
            timeZone={timeZone}
            value={startValue}
            onChange={(e) => setStarts(e.target.value)}
            {...field('starts_at')}
          />
          {feedback('starts_at')}
        </div>
        <div className="col-sm-6">
          <WallClockField
            id="announcement-ends"
            label="Ends"
            timeZone={timeZone}
            value={endValue}
            onChange={(e) => setEnds(e.target.value)}
            {...field('ends_at')}
          />
          {feedback('ends_at')}
        </div>
        <div className="col-12">
          <Button type="submit" disabled={post.isPending}>
            Post announcement
          </Button>
        </div>
      </Form>
      <div role="status">{post.isSuccess && 'Announcement posted.'}</div>
      {post.isError && <ErrorAlert>{errorText(post.error)}</ErrorAlert>}
      {remove.isError && <ErrorAlert>{errorText(remove.error)}</ErrorAlert>}
      {list.data.data.length === 0 ? (
        <p>No announcements yet.</p>
      ) : (
        <DeskTable
          size="sm"
          className="align-middle"
          caption="Announcements, the latest start first"
          columns={['Text', 'Level', 'Shows', 'Status', <span className="visually-hidden">Actions</span>]}
        >
          {list.data.data.map((a) => (
            <tr key={a.id}>
              <td>
                {a.text}
                {a.link_url && (
                  <>
                    <br />
                    <small className="text-break">{a.link_url}</small>
                  </>
                )}
                {a.source === 'rain_date' && (
                  <>
                    <br />
                    <small>Posted by the rain date switch</small>
                  </>
                )}
              </td>
              <td>{AnnouncementLevelLabels[a.level]}</td>
              <td>
                {wallTime(a.starts_at, timeZone).replace('T', ' ')} to {wallTime(a.ends_at, timeZone).replace('T', ' ')}
              </td>
              <td>{STATUS_LABELS[a.status]}</td>
              <td>
                <Button
                  variant="outline-danger"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(a.id)}
                  aria-label={`Delete the announcement: ${a.text}`}
                >
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </DeskTable>
      )}
    </>
  );
}
