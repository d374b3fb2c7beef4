import { formatDateTime } from '@/utils/date';
import type { Notice } from '@contract/notice/schema';
import { BellOutlined, CheckSquareOutlined, MessageOutlined } from '@ant-design/icons';
import { Avatar, Button, List, Tag } from 'antd';
import React, { useState } from 'react';

/** How many notices a tab lists before 查看更多 reveals the rest. */
export const FIRST_PAGE = 5;

const typeIcons: Record<Notice['type'], React.ReactNode> = {
  notification: <BellOutlined />,
  message: <MessageOutlined />,
  event: <CheckSquareOutlined />,
};

/** To-do states as the server names them. */
const todoStatus: Record<string, { label: string; color: string }> = {
  todo: { label: '未开始', color: 'default' },
  doing: { label: '进行中', color: 'gold' },
  processing: { label: '进行中', color: 'blue' },
  urgent: { label: '马上到期', color: 'red' },
  delayed: { label: '延误', color: 'red' },
  done: { label: '已完成', color: 'green' },
};

export interface NoticeListProps {
  list: Notice[];
  emptyText: string;
  onClick: (item: Notice) => void;
  onClear: () => void;
}

const NoticeList: React.FC<NoticeListProps> = ({ list, emptyText, onClick, onClear }) => {
  const [expanded, setExpanded] = useState(false);
  if (list.length === 0) {
    return (
      <div style={{ padding: '64px 0', textAlign: 'center', color: 'rgba(0,0,0,0.45)' }}>
        <BellOutlined style={{ fontSize: 32, display: 'block', marginBottom: 16 }} />
        {emptyText}
      </div>
    );
  }
  const shown = expanded ? list : list.slice(0, FIRST_PAGE);
  return (
    <div>
      <List<Notice>
        style={{ maxHeight: 400, overflow: 'auto' }}
        dataSource={shown}
        renderItem={(item) => {
          const status = item.status ? todoStatus[item.status] : undefined;
          return (
            <List.Item
              key={item.id}
              onClick={() => onClick(item)}
              style={{ cursor: 'pointer', padding: '12px 24px', opacity: item.read ? 0.5 : 1 }}
            >
              <List.Item.Meta
                avatar={<Avatar icon={typeIcons[item.type]} />}
                title={
                  <span>
                    {item.title}
                    {item.status && (
                      <Tag color={status?.color} style={{ float: 'right', marginRight: 0 }}>
                        {status?.label ?? item.status}
                      </Tag>
                    )}
                  </span>
                }
                description={
                  <div>
                    <div>{item.description}</div>
                    <div style={{ fontSize: 12 }}>{formatDateTime(item.datetime)}</div>
                  </div>
                }
              />
            </List.Item>
          );
        }}
      />
      <div style={{ display: 'flex', borderTop: '1px solid #f0f0f0' }}>
        <Button type="text" block onClick={onClear}>
          清空
        </Button>
        {!expanded && list.length > FIRST_PAGE && (
          <Button type="text" block onClick={() => setExpanded(true)}>
            查看更多
          </Button>
        )}
      </div>
    </div>
  );
};

export default NoticeList;
