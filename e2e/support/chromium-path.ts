import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The one command that installs the browser the end-to-end tests drive. */
export const INSTALL_CHROMIUM = 'sudo apt-get install -y chromium';

/**
 * Debian's Chromium (playwright-core downloads no browser of its own): CHROMIUM_PATH when set,
 * else `chromium` on the PATH. Undefined when there is none, so the caller says what to do.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const override = env.CHROMIUM_PATH;
  if (override) return existsSync(override) ? override : undefined;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'chromium');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory: try the next one.
    }
  }
  return undefined;
}

/** Why no Chromium was found, and the one command to run. */
export function chromiumMissing(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH
    ? `Chromium not found: CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist. Point it at a Chromium binary, or unset it and run: ${INSTALL_CHROMIUM}`
    : `Chromium not found on the PATH. Run: ${INSTALL_CHROMIUM}`;
}
