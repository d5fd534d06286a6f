import type { CarouselImage, FestivalConfig } from './festival.js';
import { scheduleClock, longDate } from './festival-time.js';

/**
 * What a page says about itself to search engines and link previews: its title and a one-line
 * description. Written once for the server, which puts them in the HTML it serves (so a preview
 * made without JavaScript has them), and for the web app, which sets them as a screen opens.
 */
export interface PageText {
  title: string;
  description: string;
}

/** A link preview's picture when a page has none of its own (`preview_image` in the configuration). */
export const DEFAULT_PREVIEW_IMAGE: CarouselImage = {
  src: '/images/preview.png',
  alt: 'Drawing of a house with a porch and a music note, on a dark background.',
};

export const previewImage = (festival: FestivalConfig): CarouselImage =>
  festival.preview_image ?? DEFAULT_PREVIEW_IMAGE;

/** The festival's name with its edition, as the nav bar writes it: 'Porchfest 2025'. */
export const editionName = (festival: FestivalConfig): string => `${festival.name} ${festival.year}`;

const dateAndTime = (range: FestivalConfig['event']): string =>
  `${longDate(range.date)}, ${scheduleClock(range.start)} to ${scheduleClock(range.end)}`;

/** For every page without a text of its own, and for a page whose act or venue does not exist. */
export const siteText = (festival: FestivalConfig): PageText => ({
  title: editionName(festival),
  description: `${editionName(festival)}, our neighbourhood porch music festival: hosts offer porches and yards, performers bring their acts, and everyone can browse the acts, venues and schedule.`,
});

export const homeText = (festival: FestivalConfig): PageText => ({
  title: editionName(festival),
  description: `${editionName(festival)}: ${festival.tagline} ${dateAndTime(festival.event)}; rain date ${dateAndTime(festival.rain_date)}.`,
});

export const eventText = (festival: FestivalConfig): PageText => ({
  title: `${editionName(festival)}: save the date`,
  description: `Save the date: ${editionName(festival)} is on ${dateAndTime(festival.event)}, with a rain date of ${longDate(festival.rain_date.date)}. Key dates for hosts and performers.`,
});

export const aboutText = (festival: FestivalConfig): PageText => ({
  title: `About | ${festival.name}`,
  description: `Who makes ${editionName(festival)} happen: the volunteer committee (${festival.committee.map((m) => m.name).join(', ')}) and our sponsors, ${festival.sponsors.map((s) => s.name).join(' and ')}.`,
});

export const faqText = (festival: FestivalConfig): PageText => ({
  title: `FAQ | ${festival.name}`,
  description: `Questions and answers about ${editionName(festival)}: registering, how hosts and performers are matched, the slots and set-up times, what hosts, performers and the committee do, logging in, resetting a password and ${festival.hashtag}.`,
});

export const waiversText = (festival: FestivalConfig): PageText => ({
  title: `Liability waivers | ${festival.name}`,
  description: `The performer and host liability waivers for ${editionName(festival)}, which everyone who registers to perform or host agrees to.`,
});

export const scheduleText = (festival: FestivalConfig): PageText => ({
  title: `Schedule | ${festival.name}`,
  description: `Who plays on which porch at ${editionName(festival)}: ${festival.slots.length} slots on ${dateAndTime(festival.event)}, with every act and venue.`,
});

export const contactText = (festival: FestivalConfig): PageText => ({
  title: `Contact | ${festival.name}`,
  description: `Write to the ${editionName(festival)} committee: ${festival.contact_categories.map((c) => c.name.toLowerCase()).join(', ')}.`,
});

/** The pages whose text comes from the configuration alone, by path. */
export const staticPageTexts = (festival: FestivalConfig): Record<string, PageText> => ({
  '/': homeText(festival),
  [`/${festival.slug}`]: eventText(festival),
  '/about': aboutText(festival),
  '/faq': faqText(festival),
  '/waivers': waiversText(festival),
  '/schedule': scheduleText(festival),
  '/contact': contactText(festival),
});

/** At most this many characters of an act's or venue's bio describe it in a preview. */
export const PREVIEW_DESCRIPTION_MAX_CHARS = 160;

/**
 * Plain text as one line of at most 160 characters: white space collapsed; a longer text is cut
 * at the last word that fits and ends with an ellipsis (counted in the 160). Counted in code
 * points, so an emoji is never split in half.
 */
export function previewDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= PREVIEW_DESCRIPTION_MAX_CHARS) return flat;
  const cut = chars.slice(0, PREVIEW_DESCRIPTION_MAX_CHARS - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > cut.length * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
