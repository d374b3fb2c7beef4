import { Outlet } from 'umi';

export default () => <Outlet />;
