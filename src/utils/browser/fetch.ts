/**
 * umi-request imports `isomorphic-fetch` for its side effect of installing a fetch polyfill. Every browser
 * this app supports (see `targets` in .umirc.ts) has fetch, so `.umirc.ts` maps that import here.
 */
export {};
