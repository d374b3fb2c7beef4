import type { UserModelState } from '@/models/user';
import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Spin, type MenuProps } from 'antd';
import React from 'react';
import { history, useDispatch, useSelector } from 'umi';

const items: MenuProps['items'] = [
  { key: 'settings', icon: <SettingOutlined />, label: '个人设置' },
  { type: 'divider' },
  { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
];

/** The signed-in user's name with the account menu. */
const AvatarDropdown: React.FC = () => {
  const dispatch = useDispatch();
  const currentUser = useSelector((state: { user: UserModelState }) => state.user.currentUser);

  if (!currentUser) return <Spin size="small" style={{ marginInline: 8 }} />;

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') dispatch({ type: 'login/logout' });
    else history.push('/account/settings');
  };

  return (
    <Dropdown menu={{ items, onClick }} placement="bottomRight">
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, padding: '0 12px', cursor: 'pointer' }}>
        <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: '#1890ff' }} />
        <span>{currentUser.realName || currentUser.name}</span>
      </span>
    </Dropdown>
  );
};

export default AvatarDropdown;
