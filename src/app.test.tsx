import { render, screen } from '@testing-library/react';
import { ConfigProvider, Empty, message, notification, theme } from 'antd';
import React from 'react';
import type { History } from 'umi';
import { dva, modifyClientRenderOpts, rootContainer } from './app';

jest.mock('umi', () => require('@/testing/umi'));

// Observe the start-up configuration of the static message and notification calls.
jest.mock('antd', () => {
  const actual = jest.requireActual('antd');
  return {
    ...actual,
    message: { ...actual.message, config: jest.fn() },
    notification: { ...actual.notification, config: jest.fn() },
  };
});

const ThemeProbe = () => <span>{theme.useToken().token.colorPrimary}</span>;
const LocaleProbe = () => <span>{React.useContext(ConfigProvider.ConfigContext).locale?.locale}</span>;

test('the app renders inside the zh_CN locale and the #1890ff theme', () => {
  render(
    rootContainer(
      <>
        <ThemeProbe />
        <LocaleProbe />
        <Empty />
      </>,
    ),
  );
  expect(screen.getByText('#1890ff')).toBeInTheDocument();
  expect(screen.getByText('zh-cn')).toBeInTheDocument();
  expect(document.querySelector('.ant-empty-description')).toHaveTextContent('暂无数据');
});

test('a render error anywhere shows the error page instead of a blank screen', () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  const Broken = () => {
    throw Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' });
  };
  render(rootContainer(<Broken />));
  expect(screen.getByText('页面加载失败')).toBeInTheDocument();
  consoleError.mockRestore();
});

test('toasts last 3 s; notifications 4.5 s, top right, 24 px from the top', () => {
  expect(message.config).toHaveBeenCalledWith({ duration: 3 });
  expect(notification.config).toHaveBeenCalledWith({ duration: 4.5, placement: 'topRight', top: 24 });
});

test('a failing dva effect is logged, not rethrown (which would stop the model)', () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  const error = new Error('effect failed');
  expect(() => dva.config.onError(error)).not.toThrow();
  expect(consoleError).toHaveBeenCalledWith(error);
  consoleError.mockRestore();
});

test("the router gets a history that holds a change until the new page's code is in", () => {
  const listen = jest.fn();
  const history = { listen } as unknown as History;
  const opts = modifyClientRenderOpts({ history, routeComponents: {}, mountElementId: 'root' });
  expect(opts.mountElementId).toBe('root');
  expect(opts.history).not.toBe(history);
  expect(listen).toHaveBeenCalledTimes(1);
  const [deliver] = listen.mock.calls[0];
  const seen = jest.fn();
  opts.history.listen(seen);
  // Here every route's code is in (testing/umi's routes): the change is delivered at once.
  deliver({ action: 'PUSH', location: { pathname: '/shipment/packing' } });
  expect(seen).toHaveBeenCalledWith({ action: 'PUSH', location: { pathname: '/shipment/packing' } });
});
