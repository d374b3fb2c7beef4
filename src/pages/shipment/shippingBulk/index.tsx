import { saveFile } from '@/utils/saveFile';
import { downloadCompare, queryCompareSummary } from '@/services/compare';
import { queryUsers } from '@/services/user';
import type { CompareQuery, CompareSummary } from '@contract/compare/schema';
import { COMPARE_PAGE_ROWS, differenceOf, differs } from '@contract/compare/codes';
import type { User } from '@contract/user/schema';
import { PageContainer } from '@ant-design/pro-components';
import { Button, Card, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { DateRangeField, type DateRange } from '@/components/DateField';
import { formatQty } from '../packing/format';
import { CompanyFilterField } from '@/components/ResourceTable/CompanyFilter';

type Values = { period?: DateRange; owner?: string; ownerCompany?: string; poNo?: string };
type PoRow = CompareSummary['rows'][number];

const queryOf = ({ period, owner, ownerCompany, poNo }: Values): CompareQuery => ({
  ...(period ? { exFactoryFrom: period[0].format('YYYY-MM-DD'), exFactoryTo: period[1].format('YYYY-MM-DD') } : {}),
  ...(owner ? { owner } : {}),
  ...(ownerCompany ? { ownerCompany } : {}),
  ...(poNo?.trim() ? { poNo: poNo.trim() } : {}),
});

/** A figure with its label above, red when it flags a difference (antd's Statistic would load its own code). */
const Figure = ({ title, value, alert }: { title: string; value: string | number; alert?: boolean }) => (
  <div>
    <div style={{ color: 'rgba(0, 0, 0, 0.45)' }}>{title}</div>
    <div style={{ fontSize: 24, color: alert ? '#cf1322' : undefined }}>{value}</div>
  </div>
);

/** A difference, red when it is not zero. */
const Difference = ({ value }: { value: number }) => (value === 0 ? <>0</> : <Tag color="error">{formatQty(value)}</Tag>);

/** 出运对比表下载: packed against shipped per PO on the page, and the workbook down to the size. */
export default function ShippingComparePage() {
  const [form] = Form.useForm<Values>();
  const [customers, setCustomers] = useState<User[]>();
  const [summary, setSummary] = useState<CompareSummary>();
  // The first answer is asked for as the page opens: the table shows it loading, the 查询 button only a search asked for.
  const [loading, setLoading] = useState(true);
  const [downloading, setDownloading] = useState(false);
  useEffect(() => {
    queryUsers({ current: 1, pageSize: 100, role: 'user' }).then((answer) => setCustomers(answer?.data ?? []));
  }, []);
  const search = async (values: Values) => {
    setLoading(true);
    setSummary(await queryCompareSummary(queryOf(values)));
    setLoading(false);
  };
  // The header search opens a PO here: the page starts on it.
  const [initial] = useState<Values>(() => {
    const poNo = new URLSearchParams(window.location.search).get('poNo');
    return poNo ? { poNo } : {};
  });
  useEffect(() => {
    search(initial);
  }, [initial]);
  const download = async () => {
    setDownloading(true);
    const file = await downloadCompare(queryOf(form.getFieldsValue()));
    setDownloading(false);
    if (file) saveFile(file.blob, file.fileName);
  };
  const totals = summary?.totals;
  return (
    <PageContainer header={{ title: '出运对比表下载' }}>
      <Card style={{ marginBottom: 16 }}>
        <Form<Values> form={form} layout="inline" onFinish={search} initialValues={initial}>
          <Form.Item name="period" label="出厂日期">
            <DateRangeField />
          </Form.Item>
          <Form.Item name="owner" label="客户">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              loading={!customers}
              style={{ width: 160 }}
              options={(customers ?? []).map((user) => ({ value: user.id, label: `${user.realName}（${user.name}）` }))}
            />
          </Form.Item>
          <CompanyFilterField />
          <Form.Item name="poNo" label="PO号">
            <Input allowClear placeholder="前缀" style={{ width: 140 }} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={loading && summary !== undefined}>
              查询
            </Button>
            <Button onClick={download} loading={downloading}>
              下载对比表
            </Button>
          </Space>
        </Form>
      </Card>
      {totals && (
        <Card style={{ marginBottom: 16 }}>
          <Space size={48} wrap>
            <Figure title="PO 数" value={totals.poCount} />
            <Figure title="有差异的 PO" value={totals.differingPoCount} alert={totals.differingPoCount > 0} />
            <Figure title="装箱箱数 / 件数" value={`${formatQty(totals.packedCartons)} / ${formatQty(totals.packedQty)}`} />
            <Figure title="出运箱数 / 件数" value={`${formatQty(totals.shippedCartons)} / ${formatQty(totals.shippedQty)}`} />
            <Figure title="差异件数" value={formatQty(differenceOf(totals).qty)} alert={differs(totals)} />
          </Space>
        </Card>
      )}
      <Card title={`各 PO 对比（有差异的在前，页面最多列 ${COMPARE_PAGE_ROWS} 个 PO；款、色、码的明细见下载的对比表）`}>
        <Table<PoRow>
          size="small"
          rowKey="poNo"
          loading={loading}
          dataSource={summary?.rows}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          columns={[
            { title: 'PO号', dataIndex: 'poNo', width: 140 },
            { title: '明细行', dataIndex: 'lineCount', width: 80, align: 'right' },
            { title: '装箱箱数', dataIndex: 'packedCartons', width: 90, align: 'right', render: formatQty },
            { title: '装箱件数', dataIndex: 'packedQty', width: 100, align: 'right', render: formatQty },
            { title: '出运箱数', dataIndex: 'shippedCartons', width: 90, align: 'right', render: formatQty },
            { title: '出运件数', dataIndex: 'shippedQty', width: 100, align: 'right', render: formatQty },
            {
              title: '差异箱数',
              key: 'cartons',
              width: 90,
              align: 'right',
              render: (_, row) => <Difference value={differenceOf(row).cartons} />,
            },
            {
              title: '差异件数',
              key: 'qty',
              width: 100,
              align: 'right',
              render: (_, row) => <Difference value={differenceOf(row).qty} />,
            },
          ]}
        />
      </Card>
    </PageContainer>
  );
}
