/**
 * The hourly sweep of stored files: a file no row refers to goes with its chunks once an hour old (an upload cut
 * off before its row); a younger one (an upload still writing) stays. Files a document refers to outlive uploads
 * and their refusals in server/routes/declaration.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { storedFileChunks, storedFiles } from '../db/schema';
import { storeFile } from '../domain/storedFiles';
import { createTestApp, type TestApp } from '../testing/harness';
import { unreferencedFileSweep } from './unreferencedFiles';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('removes the hour-old files no row refers to, with their chunks, and keeps a younger one', async () => {
  const db = t.app.db;
  const [orphan, young] = [await storeFile(db, Buffer.alloc(300 * 1024, 1)), await storeFile(db, Buffer.from('%PDF-1.4'))];
  await db
    .update(storedFiles)
    .set({ createdAt: sql`now() - interval '2 hours'` })
    .where(eq(storedFiles.id, orphan));
  await db.transaction((tx) => unreferencedFileSweep.run(tx, new Date()));
  const kept = (await db.select({ id: storedFiles.id }).from(storedFiles)).map((file) => file.id);
  expect(kept).toContain(young);
  expect(kept).not.toContain(orphan);
  expect(await db.select().from(storedFileChunks).where(eq(storedFileChunks.fileId, orphan))).toEqual([]);
});
