/**
 * Uploaded files, kept in the database so that any server process can serve them and a backup holds them. The
 * bytes are split into chunks of at most FILE_CHUNK_BYTES: each chunk is written and read by a statement of its
 * own, so that no single statement holds the embedded database (and every other request) for long.
 */
import { sql } from 'drizzle-orm';
import { customType, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** A stored file: its size and SHA-256; a row refers to it once all its chunks are written. */
export const storedFiles = pgTable('stored_files', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The bytes of a stored file, chunk `n` from 0. */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.n] })],
);
