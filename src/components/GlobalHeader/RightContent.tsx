import React from 'react';
import AvatarDropdown from './AvatarDropdown';
import NoticeIconView from './NoticeIconView';

/** The right side of the header: notices, then the account menu. */
const RightContent: React.FC = () => (
  <div style={{ display: 'flex', alignItems: 'center', height: '100%' }}>
    <NoticeIconView />
    <AvatarDropdown />
  </div>
);

export default RightContent;
