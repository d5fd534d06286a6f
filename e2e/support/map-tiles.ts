import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FestivalConfig, MapConfig } from '../../contract/festival.js';
import { projectRoot } from './server.js';

// A 1×1 PNG: every tile the local tile server hands out.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface TileServer {
  /** The URL template the map config names, {z}/{x}/{y}.png on this server. */
  template: string;
  /** Every tile asked for, as /{z}/{x}/{y}.png, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** The map's tiles, from a tiny local server: any /{z}/{x}/{y}.png is a 1×1 PNG. */
export async function startTileServer(): Promise<TileServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    if (/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
      requests.push(req.url!);
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length });
      res.end(PNG);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    template: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    requests,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/** A map around Ithaca's centre at zoom 15, its tiles from `tiles` and credited to '© Local test tiles'. */
export function localMap(tiles: TileServer): MapConfig {
  return {
    center: [42.444, -76.5019],
    zoom: 15,
    bounds: [
      [42.41, -76.55],
      [42.48, -76.45],
    ],
    tile_url: tiles.template,
    tile_attribution: '© Local test tiles',
  };
}

/**
 * The edition as configured, with `map` for its porch map, written to a file of its own; the
 * harness passes FESTIVAL_CONFIG to the server it starts (e2e/support/server.ts), so this is called
 * before the file's server starts.
 */
export function useFestivalWithMap(map: MapConfig): FestivalConfig {
  const festival = JSON.parse(readFileSync(join(projectRoot, 'festival.config.json'), 'utf8')) as FestivalConfig;
  const configFile = join(mkdtempSync(join(tmpdir(), 'porch-map-')), 'festival.config.json');
  const withMap = { ...festival, map };
  writeFileSync(configFile, JSON.stringify(withMap, null, 2));
  process.env.FESTIVAL_CONFIG = configFile;
  return withMap;
}
