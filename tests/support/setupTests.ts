import '@testing-library/jest-dom';
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

// A mock answer off its endpoint's response schema fails the test file that got it (mock/_resource.ts checks each).
afterAll(() => {
  expect(mockViolations()).toEqual([]);
});
