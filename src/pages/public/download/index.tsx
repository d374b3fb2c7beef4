import { BULK_TEMPLATE_URL } from '@/services/packing';
import { downloadRoutes } from '@contract/download/codes';
import { priceRoutes } from '@contract/price/codes';
import { DownloadOutlined, FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
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
  {
    key: 'price-template',
    icon: <FileExcelOutlined style={{ fontSize: 32, color: '#52c41a' }} />,
    title: '运价导入模板',
    description:
      '单证员维护运价日历用：每行一个船期（起运港、目的港、柜型、船公司、开船日期、运价、币种、舱位、航程天数、有效期）。',
    href: priceRoutes.template.path,
  },
  {
    key: 'user-guide',
    icon: <FilePdfOutlined style={{ fontSize: 32, color: '#f5222d' }} />,
    title: '用户手册',
    description: '各角色的操作说明：装箱单、验针、订舱与拼柜、提单、报关交接、散货、出运对比表（PDF）。',
    href: downloadRoutes.userGuide.path,
  },
];

/** 下载: files people need before signing in — the import templates and the user guide. */
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
