/**
 * Uploaded files in the database, a chunk a statement (tables/files.ts). A file is written before the row that
 * refers to it, outside that row's transaction: the transaction stays short, and a process killed while writing
 * leaves a file nothing refers to, never a row without its bytes. The job in jobs/unreferencedFiles.ts removes such files.
 *
 * The bytes travel as base64 text decoded by the database: the embedded database's own parameter path for binary
 * values costs ~140 ms a MiB of the event loop (a 10 MB scan froze every request ~20 s); base64 costs ~20 ms.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { rowsOf } from '../db/rowShape';
import { storedFiles } from '../db/schema';

/** An uploaded file with the name and type the browser gave it, as the edge read it from the request. */
export interface UploadedPart {
  content: Buffer;
  fileName: string;
  mimeType: string;
}

/**
 * 64 KiB: a chunk's statement takes a few ms on the embedded database, whose memory grows to what one statement
 * needs. With 256 KiB, a 10 MB upload grew the process by 67–100 MB (its test allows 100); with 64 KiB, 59–84 MB.
 */
export const FILE_CHUNK_BYTES = 64 * 1024;

/** Stores `content` chunk by chunk, each in a statement of its own; answers the stored file's id. */
export async function storeFile(db: Db, content: Buffer): Promise<string> {
  const sha256 = createHash('sha256').update(content).digest('hex');
  const [file] = await db.insert(storedFiles).values({ size: content.length, sha256 }).returning({ id: storedFiles.id });
  for (let n = 0; n * FILE_CHUNK_BYTES < content.length; n += 1) {
    // The embedded database answers without I/O: without a turn of the event loop between chunks, no other
    // request would be read before the last chunk is in.
    await new Promise(setImmediate);
    const part = content.subarray(n * FILE_CHUNK_BYTES, (n + 1) * FILE_CHUNK_BYTES).toString('base64');
    await db.execute(
      sql`insert into stored_file_chunks (file_id, n, content) values (${file.id}, ${n}, decode(${part}, 'base64'))`,
    );
  }
  return file.id;
}

/** The stored file's bytes as a stream, read a chunk a statement as the client takes them. */
export function storedFileStream(db: Db, id: string): Readable {
  let n = 0;
  return new Readable({
    async read() {
      try {
        const rows = rowsOf<{ content: string }>(
          await db.execute(
            sql`select encode(content, 'base64') as content from stored_file_chunks where file_id = ${id} and n = ${n}`,
          ),
        );
        n += 1;
        // PostgreSQL breaks base64 lines at 76 characters; Node's decoder skips the line breaks.
        this.push(rows.length ? Buffer.from(rows[0].content, 'base64') : null);
      } catch (error) {
        this.destroy(error as Error);
      }
    },
  });
}
