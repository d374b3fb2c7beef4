import userModel from '@/models/user';
import { queryCurrent } from '@/services/user';
import { AppProviders, createApp, history } from '@/testing/umi';
import type { User } from '@contract/user/schema';
import { render, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import SecurityLayout from './SecurityLayout';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/user', () => ({ queryCurrent: jest.fn(), patchUser: jest.fn() }));

const mockedCurrent = queryCurrent as jest.MockedFunction<typeof queryCurrent>;

const renderAt = (path: string) => {
  history.replace(path);
  return render(
    <AppProviders store={createApp([userModel])}>
      <Routes>
        <Route path="/user/login" element={<div>登录页</div>} />
        <Route path="/" element={<SecurityLayout />}>
          <Route path="*" element={<div>受保护的页面</div>} />
        </Route>
      </Routes>
    </AppProviders>,
  );
};

const expectLoginWithRedirect = async (redirect: string) => {
  expect(await screen.findByText('登录页')).toBeInTheDocument();
  expect(history.location.pathname).toBe('/user/login');
  expect(new URLSearchParams(history.location.search).get('redirect')).toBe(redirect);
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  mockedCurrent.mockReset();
});

test('without a token it goes to the login page with the current address', async () => {
  renderAt('/osb/plan?week=3');
  await expectLoginWithRedirect('http://localhost/osb/plan?week=3');
  expect(mockedCurrent).not.toHaveBeenCalled();
  expect(screen.queryByText('受保护的页面')).not.toBeInTheDocument();
});

test('loads the current user before rendering the page, with a spinner meanwhile', async () => {
  localStorage.setItem('token', 'tok');
  let answer: (user: User) => void = () => undefined;
  mockedCurrent.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  renderAt('/shipment');
  expect(screen.getByTestId('page-loading')).toBeInTheDocument();
  expect(screen.queryByText('受保护的页面')).not.toBeInTheDocument();
  answer({ id: '1', name: 'user', authority: ['user'], config: {} } as unknown as User);
  expect(await screen.findByText('受保护的页面')).toBeInTheDocument();
});

test('a token the server refuses ends at the login page', async () => {
  localStorage.setItem('token', 'expired');
  mockedCurrent.mockResolvedValue(undefined);
  renderAt('/shipment/packing');
  await expectLoginWithRedirect('http://localhost/shipment/packing');
});

test('a sign-in without 自动登录 does not survive the browser session', async () => {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('autoLogin', 'false');
  renderAt('/shipment');
  await expectLoginWithRedirect('http://localhost/shipment');
  await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  expect(mockedCurrent).not.toHaveBeenCalled();
});
