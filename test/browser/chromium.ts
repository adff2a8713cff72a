import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`; `.ci/run` installs it through scripts/install-test-packages.sh). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Why the browser tests cannot run here, or undefined. On CI a missing browser is a failure, not a skip: the tests
 * then fail at launch, naming the path.
 */
export const browserSkipReason =
  existsSync(CHROMIUM) || process.env.CI
    ? undefined
    : `no Chromium at ${CHROMIUM} (run scripts/install-test-packages.sh)`;
if (browserSkipReason) console.warn(`browser tests skipped: ${browserSkipReason}`);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true });
}
