import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, headless, with no background traffic (this machine has no outside network). */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--disable-component-update'],
  });
