/**
 * `@babel/runtime/regenerator` for the browser build (`.umirc.ts` maps it here): the runtime made by the ES helper
 * that umi's client already loads, instead of the CommonJS helpers, a second copy of the same code. Like the module
 * it stands for, it also sets the global `regeneratorRuntime`, which dva-loading's effects call by that name.
 */
import makeRegeneratorRuntime from '@babel/runtime/helpers/esm/regeneratorRuntime';

const regeneratorRuntime = makeRegeneratorRuntime();
(globalThis as { regeneratorRuntime?: unknown }).regeneratorRuntime = regeneratorRuntime;

export default regeneratorRuntime;
