/**
 * ProLayout's content error boundary (pro-utils' ErrorBoundary, whose page is antd's Result) for the browser build:
 * the product's own (`.umirc.ts` maps it here), which says what went wrong in Chinese with plain markup, so that
 * Result leaves the signed-in frame's first load.
 */
export { default as ErrorBoundary } from '@/components/ErrorBoundary';
