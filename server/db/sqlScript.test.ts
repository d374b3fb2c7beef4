/** The batches of a dump end only between statements: never inside '…', "…" or a $$ body. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execScript, openQuoteAfter } from './sqlScript';

it('follows quotes across lines', () => {
  expect(openQuoteAfter("INSERT INTO t VALUES (1, 'a;", null)).toBe("'");
  expect(openQuoteAfter("b'');", "'")).toBe("'");
  expect(openQuoteAfter("c');", "'")).toBeNull();
  expect(openQuoteAfter('CREATE FUNCTION f() RETURNS trigger AS $$', null)).toBe('$$');
  expect(openQuoteAfter("BEGIN RAISE 'x;'; END; $$;", '$$')).toBeNull();
  expect(openQuoteAfter("$q$ a $q$; -- it's a comment", null)).toBeNull();
});

it('executes a script larger than a batch in whole statements', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-script-'));
  const file = path.join(folder, 'dump.sql');
  const text = `'${'x'.repeat(3_000_000)};\n${'y'.repeat(2_000_000)}'`;
  fs.writeFileSync(
    file,
    `CREATE FUNCTION f() AS $$\nBEGIN;\n$$;\nINSERT INTO t VALUES (${text});\nINSERT INTO t VALUES ('z');\n`,
  );
  const batches: string[] = [];
  await execScript(file, async (sql) => batches.push(sql));
  fs.rmSync(folder, { recursive: true });
  expect(batches).toHaveLength(2);
  expect(batches[0].endsWith(`${'y'.repeat(10)}');`)).toBe(true);
  expect(batches[1]).toBe("INSERT INTO t VALUES ('z');");
});
