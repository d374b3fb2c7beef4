/**
 * Starts the real server once for all browser test files (a fresh temporary DATA_DIR, demo accounts seeded) —
 * building dist/ first when it is missing or stale, as `npm start` does — and hands its address to the tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startShipdesk } from '../support/server.mjs';

const outputDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'output');

export default async function globalSetup() {
  // Screenshots of this run only.
  fs.rmSync(outputDir, { recursive: true, force: true });
  fs.mkdirSync(outputDir, { recursive: true });
  // Scheduled work looked for every second and to-do mails sent every two: the mail test waits seconds, not minutes.
  // Webhooks go out every second, and may reach this machine: the API client test's receiver listens here.
  const server = await startShipdesk({
    logFile: path.join(outputDir, 'server.log'),
    env: { JOB_TICK_SECONDS: '1', MAIL_EVERY_SECONDS: '2', WEBHOOK_EVERY_SECONDS: '1', WEBHOOK_ALLOW_NETWORKS: '127.0.0.1' },
  });
  globalThis.__SHIPDESK_SERVER__ = server;
  process.env.SHIPDESK_E2E_URL = server.url;
  process.env.SHIPDESK_E2E_OUTBOX = server.outboxDir;
  console.log(`\n[e2e] Shipdesk on ${server.url} (data ${server.dataDir}, log tests/e2e/output/server.log)`);
}
