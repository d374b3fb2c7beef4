/**
 * The app's frame and the components its pages draw, as samples for the styles built with the app (collect.tsx).
 * A sample registers the same styles as the real thing when it has the same component, props that register a
 * style of their own (a tag's colours, a table's fixed column, a form's rules) and the same theme around it.
 */
import { PageContainer, ProLayout } from '@ant-design/pro-components';
import {
  Alert,
  AutoComplete,
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  Col,
  Collapse,
  DatePicker,
  Descriptions,
  Drawer,
  Dropdown,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Popconfirm,
  Popover,
  Progress,
  Radio,
  Result,
  Row,
  Segmented,
  Select,
  Skeleton,
  Slider,
  Space,
  Spin,
  Switch,
  Table,
  Tabs,
  Tag,
  Timeline,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import React from 'react';
import defaultSettings from '../defaultSettings';

// As BasicLayout spreads them.
const { pwa, title, ...layoutSettings } = defaultSettings;
const items = [{ key: 'a', label: '甲' }];
const options = ['甲', '乙'];

/** What the header draws around its search field: the notices' badge and popover, the account menu. */
const header = (
  <Space>
    <Popover content="通知">
      <Badge count={1} />
    </Popover>
    <Dropdown menu={{ items }}>
      <Avatar />
    </Dropdown>
  </Space>
);

/** The signed-in frame as BasicLayout draws it (its settings give the header and side menu their own theme). */
export const Frame: React.FC<{ menuLoading?: boolean; children?: React.ReactNode }> = ({ menuLoading, children }) => (
  <ProLayout
    {...layoutSettings}
    menu={{ ...layoutSettings.menu, loading: menuLoading }}
    title={title}
    logo="/logo.svg"
    location={{ pathname: '/shipment/packing' }}
    route={{
      path: '/',
      children: [{ path: '/shipment', name: '出运管理', children: [{ path: '/shipment/packing', name: '装箱单' }] }],
    }}
    rightContentRender={() => header}
  >
    <PageContainer title="装箱单">{children ?? <div>装箱单</div>}</PageContainer>
  </ProLayout>
);

/** The fields of the filter forms and dialogs. */
const FormParts = () => (
  <Form layout="inline">
    <Form.Item label="甲" name="a" rules={[{ required: true }]}>
      <Input allowClear />
    </Form.Item>
    <Form.Item label="乙" name="b">
      <Select options={items} allowClear showSearch />
    </Form.Item>
    <Form.Item label="丙" name="c">
      <DatePicker.RangePicker />
    </Form.Item>
    <Form.Item name="d">
      <Space.Compact>
        <InputNumber />
        <Input.Password />
      </Space.Compact>
    </Form.Item>
    <Input.TextArea />
    <Checkbox.Group options={options} />
    <Radio.Group optionType="button" options={options} />
    <AutoComplete options={items.map(({ label }) => ({ value: label }))} />
    <Switch />
    <Segmented options={options} />
    <Slider min={0} max={2} marks={{ 0: '甲', 2: '乙' }} tooltip={{ open: false }} />
    <Upload.Dragger />
    <Upload>
      <Button danger>甲</Button>
    </Upload>
  </Form>
);

/** A list's table with its parts (selection, sorter, filter, a fixed column, pagination), and an empty one. */
const TableParts = () => (
  <>
    <Table
      rowKey="key"
      rowSelection={{}}
      columns={[
        { key: 'a', dataIndex: 'a', title: '甲', sorter: true, filters: [{ text: '甲', value: 'a' }] },
        { key: 'b', dataIndex: 'b', title: '乙', fixed: 'right', width: 80, ellipsis: true },
      ]}
      dataSource={[{ key: '1', a: '甲', b: '乙' }]}
      scroll={{ x: 1200 }}
      pagination={{ total: 100, showSizeChanger: true, showQuickJumper: true }}
    />
    <Table columns={[{ key: 'a', dataIndex: 'a', title: '甲' }]} dataSource={[]} size="small" />
  </>
);

/** The other components of the pages. The settings page's Menu is left out: see collect.tsx. */
const OtherParts = () => (
  <>
    <Alert message="甲" type="warning" showIcon />
    <Space>甲</Space>
    <List dataSource={options} renderItem={(item) => <List.Item>{item}</List.Item>} />
    <Card title="甲" extra={<Button type="primary">甲</Button>}>
      <Row>
        <Col span={12}>
          <Descriptions bordered items={[{ key: 'a', label: '甲', children: '乙' }]} />
        </Col>
      </Row>
    </Card>
    {['blue', 'success', 'processing', 'error', 'warning', 'default'].map((color) => (
      <Tag key={color} color={color}>
        甲
      </Tag>
    ))}
    <Badge status="success" text="甲" />
    <Typography.Title level={4}>甲</Typography.Title>
    <Typography.Paragraph copyable ellipsis>
      甲
    </Typography.Paragraph>
    <Typography.Text type="secondary">甲</Typography.Text>
    <Typography.Link>甲</Typography.Link>
    <Popconfirm title="甲">
      <Button>甲</Button>
    </Popconfirm>
    <Tooltip title="甲">
      <span>甲</span>
    </Tooltip>
    <Modal open={false} />
    <Drawer open={false} />
    <Progress percent={50} />
    <Progress type="circle" percent={50} />
    <Timeline items={[{ children: '甲' }]} />
    <Collapse size="small" items={[{ key: 'a', label: '甲', children: '乙' }]} />
    <Tabs items={[{ key: 'a', label: '甲', children: '乙' }]} />
    <Skeleton active />
    <Result status="403" title="403" />
    <Empty />
    <Spin />
  </>
);

/** Everything a page may draw inside the frame. */
export const PageParts = () => (
  <>
    <FormParts />
    <TableParts />
    <OtherParts />
  </>
);
