import type { Factory } from '@contract/lookup/schema';
import { bulkFieldLabels as labels, bulkStatusLabels, bulkStatuses, bulkTypeLabels, bulkTypes } from '@contract/packing/codes';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, Form, Grid, Input, Row, Select, Space } from 'antd';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import type { DateRange } from '@/components/DateField/DateRangeInput';
import FactorySelect from './FactorySelect';

/** The list's filters as the list call takes them; empty fields are left out. */
export type PackingFilters = Partial<
  Record<
    'q' | 'type' | 'poNo' | 'styleNo' | 'colour' | 'factoryCode' | 'destination' | 'status' | 'exFactoryFrom' | 'exFactoryTo',
    string
  >
>;

type FormValues = Omit<PackingFilters, 'exFactoryFrom' | 'exFactoryTo'> & { exFactoryDate?: DateRange };

// The date range picker (antd's date picker, ~30 KB gzip) is the one heavy filter and is hidden while the form is
// collapsed: it loads when the form first expands, and pointing at 展开 starts the download.
const loadDateRange = () => import('@/components/DateField/DateRangeInput');
const DateRangeInput = lazy(loadDateRange);

/** Form.Item hands value and onChange to its direct child: this one passes them through the lazy picker. */
const DateRangeField = (props: { id?: string; value?: DateRange; onChange?: (value: DateRange) => void }) => (
  <Suspense fallback={<Input disabled />}>
    <DateRangeInput {...props} />
  </Suspense>
);

/** The form's values as filters: dates as YYYY-MM-DD, no empty text. */
export function filtersOf(values: FormValues): PackingFilters {
  const { exFactoryDate, ...fields } = values;
  const filters: PackingFilters = {};
  for (const [name, value] of Object.entries(fields) as [keyof PackingFilters, string | undefined][]) {
    if (value !== undefined && value !== null && value !== '') filters[name] = value;
  }
  if (exFactoryDate) {
    filters.exFactoryFrom = exFactoryDate[0].format('YYYY-MM-DD');
    filters.exFactoryTo = exFactoryDate[1].format('YYYY-MM-DD');
  }
  return filters;
}

const options = <T extends string>(codes: readonly T[], labelsOf: Record<T, string>) =>
  codes.map((code) => ({ value: code, label: labelsOf[code] }));

interface FilterFormProps {
  factories: Factory[];
  onSearch: (filters: PackingFilters) => void;
  /** The status a link opened the list with (the home page's figures): shown expanded. */
  initialValues?: Pick<PackingFilters, 'status'>;
}

/**
 * 查询 / 重置 over the list, as a query form of Ant Design Pro: collapsed, one row with the first fields and the
 * buttons; 展开 shows every filter. The others are mounted from the first 展开 on, and keep their values when
 * collapsed again.
 */
export default function FilterForm({ factories, onSearch, initialValues }: FilterFormProps) {
  const [opened] = useState(initialValues?.status ? initialValues : undefined);
  const [expanded, setExpanded] = useState(Boolean(opened));
  const [everExpanded, setEverExpanded] = useState(Boolean(opened));
  const [form] = Form.useForm<FormValues>();
  useEffect(() => {
    if (opened) form.setFieldsValue(opened);
  }, [form, opened]);
  const screens = Grid.useBreakpoint();
  const perRow = screens.xxl ? 4 : screens.xl ? 3 : screens.md ? 2 : 1;

  const fields: { name: keyof FormValues; label: string; input: ReactNode }[] = [
    { name: 'q', label: '关键字', input: <Input placeholder="ODG货号 / PO号 / 款号 / 颜色" allowClear /> },
    {
      name: 'type',
      label: labels.type,
      input: <Select placeholder="请选择" allowClear options={options(bulkTypes, bulkTypeLabels)} />,
    },
    { name: 'poNo', label: labels.poNo, input: <Input placeholder="请输入" allowClear /> },
    { name: 'styleNo', label: labels.styleNo, input: <Input placeholder="请输入" allowClear /> },
    { name: 'colour', label: labels.colour, input: <Input placeholder="请输入" allowClear /> },
    {
      name: 'factoryCode',
      label: labels.factoryCode,
      input: <FactorySelect factories={factories} />,
    },
    { name: 'destination', label: labels.destination, input: <Input placeholder="请输入" allowClear /> },
    { name: 'exFactoryDate', label: labels.exFactoryDate, input: <DateRangeField /> },
    {
      name: 'status',
      label: labels.status,
      input: <Select placeholder="请选择" allowClear options={options(bulkStatuses, bulkStatusLabels)} />,
    },
  ];
  const shown = expanded ? fields.length : Math.max(1, perRow - 1);
  // The buttons take the rest of the last row, on its right.
  const buttonsSpan = 24 - (shown % perRow) * (24 / perRow);

  return (
    <Form<FormValues>
      form={form}
      // Prefixes the field ids: the drawer's form has fields of the same names.
      name="bulkFilter"
      onFinish={(values) => onSearch(filtersOf(values))}
      onReset={() => onSearch({})}
    >
      <Row gutter={24}>
        {fields.map((field, index) => (
          <Col key={field.name} span={24 / perRow} style={index < shown ? undefined : { display: 'none' }}>
            {index < shown || everExpanded ? (
              <Form.Item name={field.name} label={field.label}>
                {field.input}
              </Form.Item>
            ) : null}
          </Col>
        ))}
        <Col span={buttonsSpan} style={{ textAlign: 'right' }}>
          <Form.Item>
            <Space>
              <Button htmlType="reset">重置</Button>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <a
                onMouseEnter={loadDateRange}
                onClick={() => {
                  setExpanded(!expanded);
                  setEverExpanded(true);
                }}
              >
                {expanded ? '收起' : '展开'} {expanded ? <UpOutlined /> : <DownOutlined />}
              </a>
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
