/** `@electric-sql/pglite-tools/pg_dump` inside jest: the module loaded outside the sandbox by environment.ts. */
module.exports = (globalThis as { __shipdeskPgliteDump?: unknown }).__shipdeskPgliteDump;
