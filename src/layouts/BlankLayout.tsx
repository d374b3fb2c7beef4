import React from 'react';
import { Outlet } from 'umi';

/** Public pages that need neither a signed-in user nor the menu (e.g. /public/download). */
const BlankLayout: React.FC = () => <Outlet />;

export default BlankLayout;
