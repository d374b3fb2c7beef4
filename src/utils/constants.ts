/**
 * The shell's constants (specification §9). A module without imports, so that .umirc.ts can read
 * CHUNK_LOAD_TIMEOUT at build time.
 */
/** Delay before a loading indicator shows, so quick answers do not flash a spinner. */
export const LOADING_DELAY = 200;
/** Default wait of the keyed debounce. */
export const DEBOUNCE_WAIT = 300;
/** Most entries a route or regex cache holds. */
export const CACHE_LIMIT = 10000;
/** How long a message toast stays, in seconds. */
export const MESSAGE_DURATION = 3;
/** Where and how long notifications show (seconds, pixels). */
export const NOTIFICATION = { duration: 4.5, placement: 'topRight', top: 24 } as const;
/** How long the browser may take to load a script or stylesheet chunk, in milliseconds. */
export const CHUNK_LOAD_TIMEOUT = 120000;
/**
 * How often an open page asks for new notices (to-dos made by others' actions), in milliseconds: polling rather
 * than server-sent events, as it goes through the same authorised request path and any proxy, needs no connection
 * held open per browser in every server process, and costs one indexed read per browser every 10 s.
 */
export const NOTICE_POLL_MS = 10000;
