import { saveFile } from '@/utils/saveFile';
import DetailState from '@/components/DetailState';
import { loadedOf } from '@/utils/request';
import DocumentChecks from '@/components/DocumentChecks';
import DocumentFiles from './DocumentFiles';
import { DeclarationStatusTag } from '@/components/StatusTags/declaration';
import { downloadDeclarationElements, queryDeclaration, updateDeclaration } from '@/services/declaration';
import { formatDateTime } from '@/utils/date';
import { useFormSave } from '@/utils/useFormSave';
import type { DeclarationDetail, DeclarationUpdate } from '@contract/declaration/schema';
import {
  declarationDocumentLabels,
  declarationDocuments,
  declarationFieldLabels as labels,
  declarationMovesFrom,
  declarationStatusLabels,
  lineTotal,
  tradeTerms,
  type DeclarationStatus,
} from '@contract/declaration/codes';
import { ArrowLeftOutlined, DeleteOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { Button, Card, Descriptions, Form, Input, InputNumber, Select, Space, Timeline } from 'antd';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'umi';
import HistoryCard from '@/components/History';

const backLink = (
  <Link to="/osb/declaration">
    <Button icon={<ArrowLeftOutlined />}>返回报关交接</Button>
  </Link>
);

const loadDeclaration = (key: string) => loadedOf(queryDeclaration(key));

/** What each next status is called on its button. */
const moveLabels: Record<DeclarationStatus, string> = {
  PENDING: '',
  HANDED_OVER: '交接给报关行',
  DECLARED: '已申报',
  INSPECTION: '海关查验',
  RELEASED: '已放行',
};

/** 报关交接详情: the document checklist, terms and goods lines (while 待交接), the status moves and history. */
export default function DeclarationDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const [attempt, setAttempt] = useState(0);
  const loader = useCallback(() => loadDeclaration(id), [id]);
  return (
    <DetailState key={attempt} label="报关交接" load={loader} notFoundText="该报关交接不存在。" back={backLink}>
      {(declaration) => <DeclarationPage declaration={declaration} reload={() => setAttempt((n) => n + 1)} />}
    </DetailState>
  );
}

type Values = Omit<DeclarationUpdate, 'version' | 'status'>;

function DeclarationPage({ declaration, reload }: { declaration: DeclarationDetail; reload: () => void }) {
  const [form] = Form.useForm<Values>();
  const reread = () => queryDeclaration(declaration.key);
  const { saving, save, notice, version } = useFormSave(form, reread, declaration.version);
  const editable = declaration.status === 'PENDING';
  const lines = Form.useWatch('lines', form) ?? declaration.lines;

  // The lines go back without their totals: the server computes them.
  const submit = ({ lines: typed, ...values }: Values, status?: DeclarationStatus) => {
    const changes = editable
      ? { ...values, lines: typed?.map(({ hsCode, name, qty, unit, unitPrice }) => ({ hsCode, name, qty, unit, unitPrice })) }
      : {};
    return save(
      updateDeclaration(declaration.key, { ...changes, ...(status ? { status } : {}), version: version ?? declaration.version }),
      () => (status ? `报关交接 ${declaration.key} 已改为「${declarationStatusLabels[status]}」` : '已保存'),
      () => {
        reload();
      },
    );
  };
  const move = (status: DeclarationStatus) => submit(form.getFieldsValue(), status);

  const actions = (
    <Space>
      {declarationMovesFrom(declaration.status).map((status) => (
        <Button key={status} type={status === 'INSPECTION' ? 'default' : 'primary'} onClick={() => move(status)}>
          {moveLabels[status]}
        </Button>
      ))}
      <Button
        onClick={async () => {
          const file = await downloadDeclarationElements(declaration.key);
          if (file) saveFile(file.blob, file.fileName);
        }}
      >
        下载申报要素
      </Button>
      {backLink}
    </Space>
  );

  return (
    <PageContainer header={{ title: `报关交接 ${declaration.key}`, extra: actions }}>
      {notice}
      <Form form={form} layout="vertical" initialValues={declaration} onFinish={(values) => submit(values)} disabled={!editable}>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Card title="交接信息">
            <Descriptions column={4} size="small">
              <Descriptions.Item label={labels.status}>
                <DeclarationStatusTag status={declaration.status} />
              </Descriptions.Item>
              <Descriptions.Item label={labels.orderKey}>{declaration.orderKey}</Descriptions.Item>
              <Descriptions.Item label="订舱号/SO">{declaration.carrierBookingNo}</Descriptions.Item>
              <Descriptions.Item label={labels.ownerName}>{declaration.ownerName}</Descriptions.Item>
              <Descriptions.Item label={labels.handedAt}>
                {declaration.handedAt ? formatDateTime(declaration.handedAt) : '—'}
              </Descriptions.Item>
            </Descriptions>
            <Space wrap size="large">
              <Form.Item name="contractNo" label={labels.contractNo}>
                <Input style={{ width: 180 }} />
              </Form.Item>
              <Form.Item name="invoiceNo" label={labels.invoiceNo}>
                <Input style={{ width: 180 }} />
              </Form.Item>
              <Form.Item name="tradeTerm" label={labels.tradeTerm}>
                <Select style={{ width: 100 }} options={tradeTerms.map((value) => ({ value, label: value }))} />
              </Form.Item>
              <Form.Item name="currency" label={labels.currency} normalize={(value: string) => value?.toUpperCase()}>
                <Input style={{ width: 80 }} maxLength={3} />
              </Form.Item>
              <Form.Item name="broker" label={labels.broker}>
                <Input style={{ width: 220 }} />
              </Form.Item>
            </Space>
          </Card>
          <Card title="单证清单（交接前须齐全）">
            <Form.Item name="documents" style={{ marginBottom: 0 }}>
              <DocumentChecks documents={declarationDocuments} labels={declarationDocumentLabels} />
            </Form.Item>
            <DocumentFiles declaration={declaration} unsaved={() => form.isFieldsTouched()} onUploaded={reload} />
          </Card>
          <Card title="商品（按商品编号）">
            <Form.List name="lines">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field) => (
                    <Space key={field.key} align="start" wrap>
                      <Form.Item
                        name={[field.name, 'hsCode']}
                        label="商品编号（10 位）"
                        rules={[{ pattern: /^(\d{10})?$/, message: '商品编号为 10 位数字' }]}
                      >
                        <Input style={{ width: 140 }} maxLength={10} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'name']} label="商品名称">
                        <Input style={{ width: 200 }} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'qty']} label="数量">
                        <InputNumber min={0} style={{ width: 110 }} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'unit']} label="单位">
                        <Input style={{ width: 70 }} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'unitPrice']} label={`单价（${declaration.currency}）`}>
                        <InputNumber min={0} step={0.01} style={{ width: 120 }} />
                      </Form.Item>
                      <Form.Item label="总价">
                        <span>{lineTotal(lines[field.name]?.qty ?? 0, lines[field.name]?.unitPrice ?? 0).toFixed(2)}</span>
                      </Form.Item>
                      {editable ? (
                        <Form.Item label=" ">
                          <Button aria-label="删除商品行" icon={<DeleteOutlined />} onClick={() => remove(field.name)} />
                        </Form.Item>
                      ) : null}
                    </Space>
                  ))}
                  {editable ? (
                    <Space>
                      <Button onClick={() => add({ hsCode: '', name: '', qty: 1, unit: '件', unitPrice: 0 })}>添加商品行</Button>
                      <Button type="primary" htmlType="submit" loading={saving}>
                        保存
                      </Button>
                    </Space>
                  ) : null}
                </>
              )}
            </Form.List>
          </Card>
          <Card title="状态记录">
            <Timeline
              items={declaration.history.map((entry) => ({
                children: `${formatDateTime(entry.at)} ${entry.actorName}：${entry.from ? `${declarationStatusLabels[entry.from]} → ` : '建单 '}${declarationStatusLabels[entry.to]}`,
              }))}
            />
          </Card>
          <HistoryCard key={declaration.version} entity="declaration" entityKey={declaration.key} />
        </Space>
      </Form>
    </PageContainer>
  );
}
