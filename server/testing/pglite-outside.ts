/** `@electric-sql/pglite` inside jest: the module loaded outside the sandbox by environment.ts. */
module.exports = (globalThis as { __shipdeskPglite?: unknown }).__shipdeskPglite;
