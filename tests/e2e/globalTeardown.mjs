/** Stops the server (SIGTERM: it closes the database cleanly) and removes its temporary data directory. */
export default async function globalTeardown() {
  await globalThis.__SHIPDESK_SERVER__?.stop();
}
