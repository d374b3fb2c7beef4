import { BULK_TEMPLATE_URL } from '@/services/packing';
import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { Button, Card, List, Typography } from 'antd';
import React from 'react';

const downloads = [
  {
    key: 'bulk-template',
    icon: <FileExcelOutlined style={{ fontSize: 32, color: '#52c41a' }} />,
    title: '装箱明细导入模板',
    description: '第 1 页为表头与一行示例，第 2 页列出工厂与尺码组的代码和名称（导入时写代码或名称均可）。',
    href: BULK_TEMPLATE_URL,
  },
];

/** 下载: files a customer needs before signing in, such as the packing-list import template. */
const Download: React.FC = () => (
  <div style={{ maxWidth: 880, margin: '48px auto', padding: '0 24px' }}>
    <Typography.Title level={3}>下载</Typography.Title>
    <Card>
      <List
        itemLayout="horizontal"
        dataSource={downloads}
        renderItem={(item) => (
          <List.Item
            actions={[
              <Button key="download" type="primary" icon={<DownloadOutlined />} href={item.href} download>
                下载
              </Button>,
            ]}
          >
            <List.Item.Meta avatar={item.icon} title={item.title} description={item.description} />
          </List.Item>
        )}
      />
    </Card>
  </div>
);

export default Download;
