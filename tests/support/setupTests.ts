import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { mediaQueryList } from '../../config/antdStyles/jsdomStubs';
import { mockViolations } from '../../mock/_store';

// antd reads these browser APIs, which jsdom does not implement.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => mediaQueryList(query, false),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;

// What a page loads when first shown (antd's Result under PageResult) is read from disk in a test: with every
// jest worker busy on a 2-core machine that took longer than the default second (BasicLayout's 403, CI). findBy…
// and waitFor still fail when it never comes.
configure({ asyncUtilTimeout: 5000 });

// A mock answer off its endpoint's response schema fails the test file that got it (mock/_resource.ts checks each).
afterAll(() => {
  expect(mockViolations()).toEqual([]);
});
