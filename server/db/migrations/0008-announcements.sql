-- Announcements (docs/decisions/0029-announcements.md): a short plain text the committee shows
-- as a banner on every page between starts_at and ends_at. source is 'desk' for one an admin
-- posted, 'rain_date' for the one the rain date switch posts (and replaces when switched again).
CREATE TABLE announcements (
  id {{ID}},
  text VARCHAR(280) NOT NULL,
  link_url VARCHAR(500),
  level VARCHAR(10) NOT NULL,
  starts_at TIMESTAMPTZ NOT NULL,
  ends_at TIMESTAMPTZ NOT NULL,
  source VARCHAR(20) NOT NULL,
  created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX announcements_ends_idx ON announcements (ends_at, starts_at);
