import React from 'react';
import HeaderSearch from '@/components/HeaderSearch';
import AvatarDropdown from './AvatarDropdown';
import NoticeIconView from './NoticeIconView';

/** The right side of the header: the search, notices, then the account menu. */
const RightContent: React.FC = () => (
  <div style={{ display: 'flex', alignItems: 'center', height: '100%' }}>
    <HeaderSearch />
    <NoticeIconView />
    <AvatarDropdown />
  </div>
);

export default RightContent;
