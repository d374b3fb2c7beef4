import React from 'react';
import HeaderSearch from '@/components/HeaderSearch';
import { useRoles } from '@/models/user';
import { roles as businessRoles } from '@contract/shared/formats';
import AvatarDropdown from './AvatarDropdown';
import NoticeIconView from './NoticeIconView';

/** The right side of the header: the search (of the business's records: not the administrator's), notices, then the account menu. */
const RightContent: React.FC = () => {
  const searches = useRoles().some((role) => (businessRoles as readonly string[]).includes(role));
  return (
    <div style={{ display: 'flex', alignItems: 'center', height: '100%' }}>
      {searches && <HeaderSearch />}
      <NoticeIconView />
      <AvatarDropdown />
    </div>
  );
};

export default RightContent;
