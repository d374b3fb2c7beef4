import type { OsbDict } from '@contract/setting/schema';
import type { SettingKey } from '@contract/setting/schema';
import { containerTypes } from '@contract/setting/codes';
import { currencies } from '@contract/price/codes';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Select, Space, Table, theme } from 'antd';
import type { ReactNode } from 'react';

interface RowField {
  name: string;
  label: string;
  width: number;
  upper?: boolean;
  optional?: boolean;
  /** A number (its decimals) or a choice instead of text. */
  decimals?: number;
  options?: readonly string[];
}

function rowInput(field: RowField) {
  if (field.options)
    return (
      <Select
        aria-label={field.label}
        placeholder={field.label}
        style={{ width: field.width }}
        options={field.options.map((value) => ({ value, label: value }))}
      />
    );
  if (field.decimals !== undefined)
    return (
      <InputNumber
        aria-label={field.label}
        placeholder={field.label}
        min={0}
        precision={field.decimals}
        style={{ width: field.width }}
      />
    );
  return <Input placeholder={field.label} aria-label={field.label} style={{ width: field.width }} />;
}

/** A dictionary's rows (`value` is the list): one line of inputs each, added and removed in place. */
function DictionaryRows({ fields, empty }: { fields: RowField[]; empty: object }) {
  const { token } = theme.useToken();
  return (
    <Form.List name="value">
      {(rows, { add, remove }) => (
        <>
          {rows.length > 0 && (
            <Space aria-hidden style={{ marginBlockEnd: 4 }}>
              {fields.map((field) => (
                <span key={field.name} style={{ display: 'inline-block', width: field.width, color: token.colorTextSecondary }}>
                  {field.label}
                </span>
              ))}
            </Space>
          )}
          {rows.map((row) => (
            <Space key={row.key} align="baseline">
              {fields.map((field) => (
                <Form.Item
                  key={field.name}
                  name={[row.name, field.name]}
                  rules={field.optional ? [] : [{ required: true, message: `请填写${field.label}` }]}
                  normalize={(value: unknown) =>
                    typeof value === 'string' ? (field.upper ? value.toUpperCase() : value) || undefined : value
                  }
                >
                  {rowInput(field)}
                </Form.Item>
              ))}
              <Button type="text" aria-label="删除" icon={<DeleteOutlined />} onClick={() => remove(row.name)} />
            </Space>
          ))}
          <Form.Item>
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(empty)}>
              添加
            </Button>
          </Form.Item>
        </>
      )}
    </Form.List>
  );
}

const hours = (name: string, label: string) => (
  <Form.Item name={['value', name]} label={label} rules={[{ required: true, message: `请填写${label}` }]}>
    <InputNumber min={0} max={720} precision={0} addonAfter="小时（开船前）" />
  </Form.Item>
);

const insideSides = [
  ['length', '内长'],
  ['width', '内宽'],
  ['height', '内高'],
] as const;

/** The form body of each setting, over the form value `{ value }` (so a 422's `value.0.code` names its input). */
export const settingEditors: Record<SettingKey, { hint: string; body: (dict?: OsbDict) => ReactNode }> = {
  containerCapacity: {
    hint: '拼柜时按此校验每柜的体积和载重（修改只影响之后新建的柜）；装柜图按柜内尺寸摆放纸箱。',
    body: () => (
      <Table
        size="small"
        pagination={false}
        rowKey="type"
        dataSource={containerTypes.map((type) => ({ type }))}
        columns={[
          { title: '箱型', dataIndex: 'type', width: 100 },
          {
            title: '容量（m³）',
            render: (_, { type }) => (
              <Form.Item name={['value', type, 'cbm']} noStyle rules={[{ required: true }]}>
                <InputNumber min={1} max={200} aria-label={`${type} 容量`} />
              </Form.Item>
            ),
          },
          {
            title: '载重（kg）',
            render: (_, { type }) => (
              <Form.Item name={['value', type, 'payloadKg']} noStyle rules={[{ required: true }]}>
                <InputNumber min={1} max={40000} precision={0} aria-label={`${type} 载重`} />
              </Form.Item>
            ),
          },
          ...insideSides.map(([side, label]) => ({
            title: `${label}（mm）`,
            render: (_: unknown, { type }: { type: string }) => (
              <Form.Item name={['value', type, 'innerMm', side]} noStyle rules={[{ required: true }]}>
                <InputNumber min={500} max={20000} precision={0} aria-label={`${type} ${label}`} />
              </Form.Item>
            ),
          })),
        ]}
      />
    ),
  },
  surcharges: {
    hint: '每柜附加费，加在订舱时锁定的运价上，按船公司和航线匹配（* 表示所有），按柜内明细的体积或毛重分摊到 PO 和明细。',
    body: () => (
      <DictionaryRows
        empty={{ carrier: '*', pol: '*', pod: '*', name: '', currency: 'CNY' }}
        fields={[
          { name: 'carrier', label: '船公司', width: 90, upper: true },
          { name: 'pol', label: '起运港', width: 100, upper: true },
          { name: 'pod', label: '目的港', width: 100, upper: true },
          { name: 'name', label: '名称', width: 180 },
          { name: 'amount', label: '金额', width: 120, decimals: 2 },
          { name: 'currency', label: '币种', width: 90, options: currencies },
        ]}
      />
    ),
  },
  exchangeRates: {
    hint: '1 单位外币折合人民币；运费按开船月份的汇率折算（该月尚未填写时用之前最近一个月的）。',
    body: () => (
      <DictionaryRows
        empty={{ currency: 'USD' }}
        fields={[
          { name: 'month', label: '月份（YYYY-MM）', width: 150 },
          { name: 'currency', label: '币种', width: 90, options: ['USD', 'EUR'] },
          { name: 'toCny', label: '折合人民币', width: 140, decimals: 4 },
        ]}
      />
    ),
  },
  looseRates: {
    hint: '散货运费 = 每立方运价 × 体积，不低于最低收费；按 CFS 截止日期所在月份取运价（该月没有时用之前最近的），货代和目的地填 * 表示所有，具体的优先。',
    body: () => (
      <DictionaryRows
        empty={{ forwarder: '*', destination: '*', currency: 'USD' }}
        fields={[
          { name: 'month', label: '起始月份（YYYY-MM）', width: 150 },
          { name: 'forwarder', label: '货代', width: 150 },
          { name: 'destination', label: '目的地', width: 130 },
          { name: 'ratePerCbm', label: '每立方运价', width: 120, decimals: 2 },
          { name: 'minimumCharge', label: '最低收费', width: 120, decimals: 2 },
          { name: 'currency', label: '币种', width: 90, options: currencies },
        ]}
      />
    ),
  },
  bookingCutoff: {
    hint: '订舱时按开船日期计算截单、截关和 VGM 截止时间；修改只影响之后的订舱。',
    body: () => (
      <>
        {hours('siCutoffHours', '截单')}
        {hours('cyCutoffHours', '截关')}
        {hours('vgmCutoffHours', 'VGM 截止')}
      </>
    ),
  },
  defaultPorts: {
    hint: '运价日历默认打开的航线。',
    body: (dict) => {
      const options = (dict?.ports ?? []).map((p) => ({ value: p.code, label: `${p.name} ${p.code}` }));
      return (
        <Space>
          <Form.Item name={['value', 'pol']} label="起运港">
            <Select style={{ width: 180 }} options={options} showSearch optionFilterProp="label" />
          </Form.Item>
          <Form.Item name={['value', 'pod']} label="目的港">
            <Select style={{ width: 180 }} options={options} showSearch optionFilterProp="label" />
          </Form.Item>
        </Space>
      );
    },
  },
  ports: {
    hint: '港口代码为 5 位 UN/LOCODE（如 CNSHA）。拼柜时装箱明细的目的地须写港口代码、中文名或英文名之一。',
    body: () => (
      <DictionaryRows
        empty={{ code: '', name: '' }}
        fields={[
          { name: 'code', label: 'UN/LOCODE', width: 140, upper: true },
          { name: 'name', label: '中文名', width: 200 },
          { name: 'enName', label: '英文名（选填）', width: 200, optional: true },
        ]}
      />
    ),
  },
  carriers: {
    hint: '船公司以 SCAC 代码（如 MAEU）标识。',
    body: () => (
      <DictionaryRows
        empty={{ scac: '', name: '' }}
        fields={[
          { name: 'scac', label: 'SCAC', width: 120, upper: true },
          { name: 'name', label: '名称', width: 220 },
        ]}
      />
    ),
  },
  consolidation: {
    hint: '装柜时每柜最多装到容量的这个比例（载重不打折）；修改只影响之后的装柜。',
    body: () => (
      <Form.Item
        name={['value', 'fillFactorPercent']}
        label="装载率上限"
        rules={[{ required: true, message: '请填写装载率上限' }]}
      >
        <InputNumber min={50} max={100} precision={0} addonAfter="% 容量" />
      </Form.Item>
    ),
  },
  gs1: {
    hint: '彩贴的 SSCC 箱码 = 扩展位 + 厂商识别代码 + 流水号 + 校验位；已打印的箱码不随修改而变。',
    body: () => (
      <>
        <Form.Item
          name={['value', 'companyPrefix']}
          label="厂商识别代码"
          rules={[{ required: true, pattern: /^\d{7,10}$/, message: 'GS1 厂商识别代码为 7–10 位数字' }]}
        >
          <Input style={{ width: 200 }} maxLength={10} />
        </Form.Item>
        <Form.Item name={['value', 'extensionDigit']} label="扩展位" rules={[{ required: true, message: '请填写扩展位' }]}>
          <InputNumber min={0} max={9} precision={0} />
        </Form.Item>
      </>
    ),
  },
  osbFactories: {
    hint: '订舱工厂即提单的发货人：提单草稿按英文名和英文地址填写发货人。',
    body: () => (
      <DictionaryRows
        empty={{ code: '', name: '', city: '' }}
        fields={[
          { name: 'code', label: '代码', width: 130, upper: true },
          { name: 'name', label: '名称', width: 180 },
          { name: 'city', label: '城市', width: 90 },
          { name: 'enName', label: '英文名（提单）', width: 200, optional: true, upper: true },
          { name: 'address', label: '英文地址（提单）', width: 260, optional: true, upper: true },
        ]}
      />
    ),
  },
};
