import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium (apt-get install chromium): Playwright's own browser downloads
// cannot run on our machines. Each test starts its own daemon on a free loopback port with a temp SSG_HOME.
export default defineConfig({
  testDir: 'e2e/browser',
  outputDir: 'test-results/browser',
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    headless: true,
    screenshot: 'on',
    launchOptions: {
      executablePath: process.env.SSG_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
});
