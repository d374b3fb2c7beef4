import React, { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'umi';
import defaultSettings from '../../config/defaultSettings';
import routes from '../../config/routes';
import { routeName } from './menu';

const { title } = defaultSettings;

/** The frame of the pages outside the security layer: sign in, register, password reset, activation. */
const UserLayout: React.FC = () => {
  const { pathname } = useLocation();

  useEffect(() => {
    const name = routeName(routes, pathname);
    document.title = name ? `${name} - ${title}` : title;
  }, [pathname]);

  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        minHeight: '100vh',
        background: '#f0f2f5',
      }}
    >
      <main style={{ flex: 1, padding: '72px 16px 24px' }}>
        <header style={{ textAlign: 'center', marginBottom: 32 }}>
          <Link to="/" style={{ display: 'inline-flex', alignItems: 'center', gap: 12, textDecoration: 'none' }}>
            <img alt="logo" src="/logo.svg" style={{ height: 44 }} />
            <span style={{ fontSize: 28, fontWeight: 600, color: 'rgba(0,0,0,0.85)' }}>{title}</span>
          </Link>
          <div style={{ marginTop: 12, color: 'rgba(0,0,0,0.45)', fontSize: 14 }}>装箱、验针、拼柜订舱与提单，一站办理</div>
        </header>
        <section
          style={{
            width: '100%',
            maxWidth: 420,
            margin: '0 auto',
            padding: '24px 32px',
            background: '#fff',
            borderRadius: 8,
            boxShadow: '0 1px 2px rgba(0,0,0,0.03), 0 2px 8px rgba(0,0,0,0.06)',
          }}
        >
          <Outlet />
        </section>
      </main>
      <footer style={{ padding: '24px 16px', textAlign: 'center', color: 'rgba(0,0,0,0.45)' }}>
        版权所有 © {new Date().getFullYear()} {title}
      </footer>
    </div>
  );
};

export default UserLayout;
