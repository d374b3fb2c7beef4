import { fireEvent, render, screen } from '@testing-library/react';
import { history } from 'umi';
import Forbidden from './403';
import NotFound from './404';
import ServerError from './500';
import Maintain from './504';

jest.mock('umi', () => ({ history: { push: jest.fn() } }));

beforeEach(() => jest.mocked(history.push).mockClear());

test.each([
  ['403', Forbidden, '抱歉，你无权访问此页面。'],
  ['404', NotFound, '抱歉，您访问的页面不存在。'],
  ['500', ServerError, '抱歉，服务器出错了，请稍后再试。'],
  ['504 (/maintain)', Maintain, '网关超时（504），系统可能正在维护，请稍后再试。'],
])('the %s page explains itself and leads back home', (_, Page, text) => {
  render(<Page />);
  expect(screen.getByText(text)).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: /返回首页/ }));
  expect(history.push).toHaveBeenCalledWith('/');
});

test('the maintenance page is titled 系统维护中', () => {
  render(<Maintain />);
  expect(screen.getByText('系统维护中')).toBeInTheDocument();
});

test('the 403 page carries the status title', () => {
  render(<Forbidden />);
  expect(screen.getByText('403')).toBeInTheDocument();
});
