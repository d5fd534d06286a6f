import type { FestivalConfig } from '../../contract/festival.js';
import { editionName } from '../../contract/page-previews.js';

/** The colour of the navigation bar (Bootstrap's dark), as index.html's theme-color says. */
const THEME_COLOUR = '#212529';

/**
 * The web app manifest: what a phone needs to install the festival as an app. Served by the
 * server rather than written by the build, so its names come from this edition's configuration
 * (festival.config.json), like every other text. Icons are drawn by scripts/draw-icons.ts.
 */
export function webAppManifest(festival: FestivalConfig) {
  return {
    id: '/',
    name: editionName(festival),
    short_name: festival.name.length <= 12 ? festival.name : festival.name.slice(0, 12).trimEnd(),
    description: festival.tagline,
    lang: 'en',
    start_url: '/schedule',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: THEME_COLOUR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
