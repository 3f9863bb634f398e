/**
 * The home route's initial JavaScript: serves the built client (`npm run build` first) with the real
 * server on a free port and a throwaway data directory, loads `/` in Chromium until the network is
 * idle, and prints the scripts the page loaded with their gzip sizes and the total.
 *
 *   npm run build && npx tsx bench/home-js.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../tests/e2e/browser';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const waitUntilUp = async (url: string, deadline: number) => {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/wps/system/status`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer in time');
};

const main = async () => {
  if (!fs.existsSync('dist/client/index.html')) throw new Error('Run `npm run build` first');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'home-js-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO_ACTIVITY: 'false' },
    stdio: 'ignore',
  });
  const browser = await launchBrowser();
  try {
    await waitUntilUp(baseUrl, Date.now() + 180_000);
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => null);
      if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const rows = [...scripts].sort((a, b) => b[1] - a[1]);
    for (const [name, size] of rows) console.log(`${(size / 1024).toFixed(1).padStart(8)} kB  ${name}`);
    const total = rows.reduce((sum, [, size]) => sum + size, 0);
    console.log(`${(total / 1024).toFixed(1).padStart(8)} kB  total gzip, ${rows.length} scripts`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
