import { fireEvent, render, screen } from '@testing-library/react';
import React from 'react';
import ErrorBoundary, { isChunkLoadError } from './index';

const Throws: React.FC<{ error: Error }> = ({ error }) => {
  throw error;
};

const chunkError = () =>
  Object.assign(new Error('Loading chunk 312 failed.\n(timeout: http://x/p__osb.js)'), {
    name: 'ChunkLoadError',
  });

let consoleError: jest.SpyInstance;
beforeEach(() => {
  // React and the boundary log caught errors; keep the test output readable.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => consoleError.mockRestore());

describe('isChunkLoadError', () => {
  test.each([
    chunkError(),
    new Error('Loading chunk src_pages_osb_plan failed.'),
    new Error('Loading CSS chunk 17 failed.\n(http://x/17.css)'),
    new Error('Failed to fetch dynamically imported module: http://x/a.js'),
  ])('recognises %s', (error) => expect(isChunkLoadError(error)).toBe(true));

  test.each([new Error('Cannot read properties of undefined'), 'Loading chunk 1 failed', null])(
    'does not take %s for one',
    (error) => expect(isChunkLoadError(error)).toBe(false),
  );
});

describe('ErrorBoundary', () => {
  test('renders its children when nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>订舱计划</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('订舱计划')).toBeInTheDocument();
  });

  test('a chunk that failed to load shows a clear page with a reload button', () => {
    const reload = jest.fn();
    const { location } = window;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...location, reload } });
    render(
      <ErrorBoundary>
        <Throws error={chunkError()} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('页面加载失败')).toBeInTheDocument();
    expect(screen.getByText(/页面资源未能加载/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重新加载/ }));
    expect(reload).toHaveBeenCalledTimes(1);
    Object.defineProperty(window, 'location', { configurable: true, value: location });
  });

  test('a CSS chunk failure is a chunk failure too', () => {
    render(
      <ErrorBoundary>
        <Throws error={new Error('Loading CSS chunk 9 failed.')} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('页面加载失败')).toBeInTheDocument();
  });

  test('any other error shows the 500 result', () => {
    render(
      <ErrorBoundary>
        <Throws error={new TypeError('x is undefined')} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(screen.getByText(/抱歉，页面出错了/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /返回首页/ })).toBeInTheDocument();
    expect(screen.queryByText('页面加载失败')).not.toBeInTheDocument();
  });

  test('a new resetKey clears the error and renders the children again', () => {
    const Page: React.FC<{ broken: boolean }> = ({ broken }) => {
      if (broken) throw new Error('boom');
      return <p>运价日历</p>;
    };
    const { rerender } = render(
      <ErrorBoundary resetKey="/osb/plan">
        <Page broken />
      </ErrorBoundary>,
    );
    expect(screen.getByText('500')).toBeInTheDocument();
    rerender(
      <ErrorBoundary resetKey="/osb/plan">
        <Page broken={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('500')).toBeInTheDocument();
    rerender(
      <ErrorBoundary resetKey="/osb/calendar">
        <Page broken={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('运价日历')).toBeInTheDocument();
  });
});
