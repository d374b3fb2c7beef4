import { BULK_TEMPLATE_URL, importBulkLines, type BulkImportOutcome } from '@/services/packing';
import { codeMessage } from '@/utils/request';
import { fileTooLargeMessage } from '@contract/formats';
import type { BulkImportErrorBody, BulkImportRowError } from '@contract/bulk';
import { bulkFieldLabels, bulkLimits, bulkSheetColumns, bulkTypeLabels, bulkTypes, type BulkType } from '@contract/bulkCodes';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Modal, Progress, Radio, Space, Table, Typography, Upload, message } from 'antd';
import type { UploadFile } from 'antd';
import { useState } from 'react';

interface ImportModalProps {
  open: boolean;
  onClose: () => void;
  onImported: (imported: number) => void;
}

type Report = { message: string; rows: BulkImportRowError[]; truncated: boolean };

const MAX_MB = bulkLimits.importMaxBytes / 1024 / 1024;
const TOO_LARGE = fileTooLargeMessage(bulkLimits.importMaxBytes);
const requiredHeaders = bulkSheetColumns.filter((column) => column.imported).map((column) => column.header);

/** What went wrong with a refused import, in words and, for a 422 with rows, row by row. */
export function reportOf(outcome: Exclude<BulkImportOutcome, { ok: true }>): Report {
  const body = outcome.body as Partial<BulkImportErrorBody> | undefined;
  if (outcome.status === 0) return { message: '网络异常，无法连接服务器', rows: [], truncated: false };
  if (outcome.status === 413) return { message: TOO_LARGE, rows: [], truncated: false };
  return {
    message: body?.errorMessage || codeMessage[outcome.status] || `导入失败（${outcome.status}）`,
    rows: body?.rows ?? [],
    truncated: Boolean(body?.rowsTruncated),
  };
}

/** 导入: one xlsx, all or nothing; a refused file shows every bad row with its field and reason. */
export default function ImportModal({ open, onClose, onImported }: ImportModalProps) {
  const [type, setType] = useState<BulkType>('multi');
  const [file, setFile] = useState<UploadFile>();
  const [percent, setPercent] = useState<number>();
  const [report, setReport] = useState<Report>();
  const importing = percent !== undefined;

  const reset = () => {
    setFile(undefined);
    setPercent(undefined);
    setReport(undefined);
  };

  const pick = (picked: UploadFile) => {
    setReport(undefined);
    if (!/\.xlsx$/i.test(picked.name)) {
      message.error('请选择 .xlsx 格式的文件');
      return Upload.LIST_IGNORE;
    }
    if ((picked.size ?? 0) > bulkLimits.importMaxBytes) {
      message.error(TOO_LARGE);
      return Upload.LIST_IGNORE;
    }
    setFile(picked);
    // Kept for the import button, not sent by Upload.
    return false;
  };

  const start = async () => {
    const blob = file?.originFileObj ?? (file as unknown as Blob | undefined);
    if (!blob) return;
    setReport(undefined);
    setPercent(0);
    const outcome = await importBulkLines(type, blob, setPercent);
    setPercent(undefined);
    if (outcome.ok) {
      message.success(`成功导入 ${outcome.imported} 条装箱明细`);
      reset();
      onImported(outcome.imported);
      return;
    }
    setReport(reportOf(outcome));
  };

  return (
    <Modal
      title="导入装箱明细"
      open={open}
      width={760}
      okText="开始导入"
      onOk={start}
      okButtonProps={{ disabled: !file || importing, loading: importing }}
      onCancel={() => {
        reset();
        onClose();
      }}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space>
            <Typography.Text>出运方式</Typography.Text>
            <Radio.Group
              value={type}
              onChange={(event) => setType(event.target.value)}
              options={bulkTypes.map((value) => ({ value, label: bulkTypeLabels[value] }))}
            />
          </Space>
          <Typography.Link href={BULK_TEMPLATE_URL} download>
            <DownloadOutlined /> 下载导入模板
          </Typography.Link>
        </Space>
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          fileList={file ? [file] : []}
          beforeUpload={(picked) => pick(picked as unknown as UploadFile)}
          onRemove={() => reset()}
          disabled={importing}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖拽 xlsx 文件到此处</p>
          <p className="ant-upload-hint">
            第 1 行为表头，需包含：{requiredHeaders.join('、')}。工厂和尺码组写代码或名称均可。最多 {bulkLimits.importMaxRows}{' '}
            行、{MAX_MB} MB；任一行有误则整个文件不导入，所有错误行会一次列出。
          </p>
        </Upload.Dragger>
        {importing ? <Progress percent={percent} status="active" aria-label="上传进度" /> : null}
        {report ? (
          <>
            <Alert
              type="error"
              showIcon
              message={report.message}
              description={report.truncated ? `错误过多，仅列出前 ${report.rows.length} 条` : undefined}
            />
            {report.rows.length ? (
              <Table<BulkImportRowError & { id: number }>
                size="small"
                rowKey="id"
                dataSource={report.rows.map((row, id) => ({ ...row, id }))}
                pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 80 },
                  {
                    title: '字段',
                    dataIndex: 'field',
                    width: 140,
                    render: (_, row) => (row.field ? bulkFieldLabels[row.field] : '—'),
                  },
                  { title: '问题', dataIndex: 'message' },
                ]}
              />
            ) : null}
          </>
        ) : null}
      </Space>
    </Modal>
  );
}
