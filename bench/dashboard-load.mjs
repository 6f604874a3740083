// First load of the dashboard on loopback, in Debian's Chromium driven by Playwright: from navigation to the
// Overview page showing live data (its heading and the today card filled from the daemon), over a fresh browser
// context each run (no cache), signed in through a one-time ticket. Also the built bundle's size, raw and gzip.
// Run: node bench/dashboard-load.mjs [runs]   (needs `npm run build` first)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { fmt, summarize } from './stats.mjs';

const root = new URL('..', import.meta.url).pathname;

function bundleSize() {
  const dist = join(root, 'renderer/dist');
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!entry.name.endsWith('.map')) files.push(path);
    }
  };
  walk(dist);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    raw += statSync(file).size;
    gzip += gzipSync(readFileSync(file)).length;
  }
  return { files: files.length, rawKb: raw / 1024, gzipKb: gzip / 1024 };
}

export async function runDashboardLoadBench(runs = 10) {
  const home = mkdtempSync(join(tmpdir(), 'ssg-bench-dashboard-'));
  const daemon = spawn(process.execPath, [join(root, 'cli/bin/ssg.cjs'), 'daemon', '--port', '0'], {
    env: { ...process.env, SSG_HOME: home, HOME: home },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({
    executablePath: process.env.SSG_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    while (!existsSync(join(home, 'daemon.json'))) await new Promise((resolve) => setTimeout(resolve, 50));
    const { url } = JSON.parse(readFileSync(join(home, 'daemon.json'), 'utf8'));
    const token = readFileSync(join(home, 'daemon.token'), 'utf8').trim();
    const samples = [];
    for (let i = 0; i < runs + 1; i++) {
      const ticket = await fetch(`${url}/api/json/dashboard/tickets`, {
        method: 'POST',
        headers: { 'x-service-token': token, 'content-type': 'application/json' },
        body: '{}',
      }).then((response) => response.json());
      const context = await browser.newContext();
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(ticket.url);
      await page.getByRole('heading', { name: 'Overview' }).waitFor();
      await page.getByText('tool calls').first().waitFor();
      const elapsed = performance.now() - started;
      if (i > 0) samples.push(elapsed); // the first run warms the daemon and the browser process
      await context.close();
    }
    const load = summarize(samples);
    const size = bundleSize();
    console.log(`dashboard first load (ticket link → Overview with data), ${runs} fresh contexts:`);
    console.log(`  median ${fmt(load.p50)}   p99 ${fmt(load.p99)}`);
    console.log(
      `built renderer: ${size.files} files, ${size.rawKb.toFixed(1)} KB raw, ${size.gzipKb.toFixed(1)} KB gzip`,
    );
    return { runs, medianMs: load.p50, p99Ms: load.p99, bundle: size };
  } finally {
    await browser.close();
    daemon.kill('SIGTERM');
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runDashboardLoadBench(Number(process.argv[2]) || 10);
