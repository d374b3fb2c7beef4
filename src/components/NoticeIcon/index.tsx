import type { Notice, NoticeType } from '@contract/notice/schema';
import { BellOutlined } from '@ant-design/icons';
import { LOADING_DELAY } from '@/utils/constants';
import LazyTabs from '@/components/LazyTabs';
import { Badge, Popover, Spin } from 'antd';
import React, { Suspense, lazy, useState } from 'react';

// The lists (antd List with its pager and Select, Tag, moment for the dates) load when the popover first
// opens, not with every signed-in page; pointing at the bell starts the download.
const loadNoticeList = () => import('./NoticeList');
const NoticeList = lazy(loadNoticeList);

export interface NoticeIconTab {
  key: NoticeType;
  title: string;
  list: Notice[];
  /** Unread notices of this tab, shown beside its title. */
  count: number;
  emptyText: string;
}

export interface NoticeIconProps {
  /** The bell's badge: the user's unread notices. */
  count?: number;
  tabs: NoticeIconTab[];
  loading?: boolean;
  onItemClick: (item: Notice) => void;
  onClear: (tab: NoticeIconTab) => void;
  /** Called when the popover opens (the caller refreshes the list). */
  onOpen?: () => void;
}

/** The header's bell: a badge, and a popover with one tab per notice type. */
const NoticeIcon: React.FC<NoticeIconProps> = ({ count, tabs, loading, onItemClick, onClear, onOpen }) => {
  const [open, setOpen] = useState(false);
  const content = (
    <Spin spinning={Boolean(loading)} delay={LOADING_DELAY}>
      <LazyTabs
        centered
        style={{ width: 336 }}
        items={tabs.map((tab) => ({
          key: tab.key,
          label: tab.count > 0 ? `${tab.title} (${tab.count})` : tab.title,
          children: (
            <Suspense fallback={<Spin style={{ display: 'block', padding: '64px 0' }} />}>
              <NoticeList
                list={tab.list}
                emptyText={tab.emptyText}
                onClick={(item) => {
                  setOpen(false);
                  onItemClick(item);
                }}
                onClear={() => onClear(tab)}
              />
            </Suspense>
          ),
        }))}
      />
    </Spin>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) onOpen?.();
      }}
      content={content}
      styles={{ body: { padding: 0 } }}
      arrow={false}
    >
      <span
        role="button"
        aria-label="通知"
        style={{ padding: '0 12px', cursor: 'pointer', display: 'inline-block' }}
        onMouseEnter={loadNoticeList}
      >
        <Badge count={count} size="small" style={{ boxShadow: 'none' }}>
          <BellOutlined style={{ fontSize: 16, padding: 4 }} />
        </Badge>
      </span>
    </Popover>
  );
};

export default NoticeIcon;
