import PageLoading from '@/components/PageLoading';
import { isSessionOver } from '@/models/login';
import type { UserModelState } from '@/models/user';
import { TOKEN_KEY } from '@/utils/authority';
import { LOGIN_PATH } from '@/utils/request';
import React, { useEffect, useState } from 'react';
import { Navigate, Outlet, useDispatch, useSelector } from 'umi';

type Check = 'loading' | 'signedIn' | 'signedOut';

/** The login page, sent back here afterwards. */
const loginUrl = () => `${LOGIN_PATH}?redirect=${encodeURIComponent(window.location.href)}`;

const hasSession = () => {
  if (isSessionOver()) {
    localStorage.clear();
    return false;
  }
  return Boolean(localStorage.getItem(TOKEN_KEY));
};

/** Every signed-in page passes here: the current user is loaded before any page renders. */
const SecurityLayout: React.FC = () => {
  const dispatch = useDispatch();
  const currentUser = useSelector((state: { user: UserModelState }) => state.user.currentUser);
  const [check, setCheck] = useState<Check>(() => (hasSession() ? 'loading' : 'signedOut'));

  useEffect(() => {
    if (check !== 'loading') return;
    let live = true;
    (dispatch({ type: 'user/fetchCurrent' }) as unknown as Promise<boolean>).then((loaded) => {
      if (live) setCheck(loaded ? 'signedIn' : 'signedOut');
    });
    return () => {
      live = false;
    };
  }, [check, dispatch]);

  if (check === 'loading') return <PageLoading />;
  // A logout empties currentUser; that too ends at the login page.
  if (check === 'signedOut' || !currentUser) {
    // A 401 has already gone to the login page (request.ts); do not nest it into its own redirect.
    if (window.location.pathname.startsWith(LOGIN_PATH)) return null;
    return <Navigate to={loginUrl()} replace />;
  }
  return <Outlet />;
};

export default SecurityLayout;
