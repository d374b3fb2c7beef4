import { saveFile } from '@/utils/saveFile';
import { downloadStickerPdf, queryStickers } from '@/services/sticker';
import { outcomeOf } from '@/utils/request';
import type { StickerQuery, StickerSheet } from '@contract/sticker/schema';
import {
  colourByLabels,
  colourBys,
  stickerLayouts,
  stickerLimits,
  type ColourBy,
  type StickerLayout,
} from '@contract/sticker/codes';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { Alert, Button, Card, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import StickerSheets from './StickerSheets';

interface FormValues {
  poNo?: string;
  colourBy: ColourBy;
  layout: StickerLayout;
}

/** Lines chosen on the packing list arrive as `?keys=BD…,BD…`; otherwise the stickers are a PO's. */
const chosenKeys = () => new URLSearchParams(window.location.search).get('keys') ?? undefined;

/** 彩贴生成: one sticker per carton of a PO or of chosen lines, coloured by size or destination, printed on A4. */
export default function ColorStickersPage() {
  const [form] = Form.useForm<FormValues>();
  const [keys, setKeys] = useState(chosenKeys);
  const [query, setQuery] = useState<StickerQuery>();
  const [sheet, setSheet] = useState<StickerSheet>();
  const [problem, setProblem] = useState<string>();
  const [loading, setLoading] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const generate = async (values: FormValues) => {
    const next: StickerQuery = { colourBy: values.colourBy, layout: values.layout, ...(keys ? { keys } : { poNo: values.poNo }) };
    setLoading(true);
    const answer = await outcomeOf(queryStickers(next));
    setLoading(false);
    setQuery(next);
    setSheet(answer.ok ? answer.data : undefined);
    setProblem(answer.ok ? undefined : (answer.error?.errorMessage ?? undefined));
  };
  useEffect(() => {
    if (keys) form.submit();
  }, [form, keys]);

  const downloadPdf = async () => {
    if (!query) return;
    setDownloading(true);
    const file = await downloadStickerPdf(query);
    setDownloading(false);
    if (file) saveFile(file.blob, file.fileName);
  };

  return (
    <PageContainer header={{ title: '彩贴生成' }}>
      <Card style={{ marginBlockEnd: 16 }}>
        <Form<FormValues> form={form} layout="inline" initialValues={{ colourBy: 'size', layout: '2x4' }} onFinish={generate}>
          {keys ? (
            <Form.Item label="所选明细">
              <Space>
                <span>{keys.split(',').length} 条</span>
                <a onClick={() => setKeys(undefined)}>改为按 PO 生成</a>
              </Space>
            </Form.Item>
          ) : (
            <Form.Item name="poNo" label="PO号" rules={[{ required: true, whitespace: true, message: '请输入 PO 号' }]}>
              <Input allowClear style={{ width: 180 }} placeholder="完整 PO 号" />
            </Form.Item>
          )}
          <Form.Item name="colourBy" label="着色">
            <Select style={{ width: 140 }} options={colourBys.map((by) => ({ value: by, label: colourByLabels[by] }))} />
          </Form.Item>
          <Form.Item name="layout" label="版式">
            <Select
              style={{ width: 200 }}
              options={Object.entries(stickerLayouts).map(([value, { label }]) => ({ value, label }))}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={loading}>
                生成
              </Button>
              <Button icon={<PrinterOutlined />} disabled={!sheet} onClick={() => window.print()}>
                打印
              </Button>
              <Button icon={<DownloadOutlined />} disabled={!sheet} loading={downloading} onClick={downloadPdf}>
                下载 PDF
              </Button>
            </Space>
          </Form.Item>
        </Form>
        <Typography.Paragraph type="secondary" style={{ marginBlock: '12px 0' }}>
          每箱一张，条码为 GS1-128 的 SSCC 箱码（厂商识别代码在订舱设置中）；同一箱重印时箱码不变。一次最多{' '}
          {stickerLimits.maxStickers} 张。
        </Typography.Paragraph>
      </Card>
      {problem ? <Alert type="warning" showIcon message={problem} style={{ marginBlockEnd: 16 }} /> : null}
      {sheet && query ? (
        <>
          <Card size="small" title={`共 ${sheet.stickers.length} 张`} style={{ marginBlockEnd: 16 }}>
            <Space wrap aria-label="图例">
              {sheet.legend.map((entry) => (
                <Tag key={entry.key} color={entry.colour} style={{ color: '#000' }}>
                  {entry.key}
                </Tag>
              ))}
            </Space>
          </Card>
          <StickerSheets stickers={sheet.stickers} layout={query.layout ?? '2x4'} />
        </>
      ) : null}
    </PageContainer>
  );
}
