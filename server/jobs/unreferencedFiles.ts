/**
 * Stored files no row refers to: an upload cut off after writing its file and before its row (a killed process, a
 * refused change) leaves one. They are removed once old enough that no upload can still be writing them.
 */
import { and, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { declarationFiles, storedFiles } from '../db/schema';
import type { Job } from './schedule';

/** An upload writes its file in seconds: an hour-old file without a row has lost its upload. */
const ORPHAN_AFTER_HOURS = 1;

/** Every hour: the stored files no row refers to (left by an upload cut off before its row), with their chunks. */
export const unreferencedFileSweep = {
  name: 'unreferencedFileSweep',
  everySeconds: 3600,
  async run(tx: Db, now: Date) {
    await tx.delete(storedFiles).where(
      and(
        lt(storedFiles.createdAt, new Date(now.getTime() - ORPHAN_AFTER_HOURS * 3_600_000)),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(declarationFiles)
            .where(sql`${declarationFiles.fileId} = ${storedFiles.id}`),
        ),
      ),
    );
  },
} satisfies Job;
