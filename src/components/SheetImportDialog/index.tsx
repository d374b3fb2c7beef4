import { codeMessage, type UploadOutcome } from '@/utils/request';
import { fileTooLargeMessage } from '@contract/shared/formats';
import type { SheetRowError } from '@contract/shared/sheet';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Modal, Progress, Space, Table, Typography, Upload, message } from 'antd';
import type { UploadFile } from 'antd';
import { useState, type ReactNode } from 'react';

/** What a refused import answers (contract/shared/sheet sheetRejected): its message and the bad rows. */
interface RefusalBody {
  errorMessage?: string;
  rows?: SheetRowError[];
  rowsTruncated?: boolean;
}

type Report = { message: string; rows: SheetRowError[]; truncated: boolean };

/** What went wrong with a refused import, in words and, for a 422 with rows, row by row. */
function reportOf(outcome: { status: number; body?: unknown }, maxBytes: number): Report {
  const body = outcome.body as RefusalBody | undefined;
  if (outcome.status === 0) return { message: '网络异常，无法连接服务器', rows: [], truncated: false };
  if (outcome.status === 413) return { message: fileTooLargeMessage(maxBytes), rows: [], truncated: false };
  return {
    message: body?.errorMessage || codeMessage[outcome.status] || `导入失败（${outcome.status}）`,
    rows: body?.rows ?? [],
    truncated: Boolean(body?.rowsTruncated),
  };
}

export interface SheetImportDialogProps {
  title: string;
  open: boolean;
  maxBytes: number;
  /** What the file must hold, under the drop area. */
  hint: ReactNode;
  /** A row error's field in words. */
  fieldLabel: (field: string) => string;
  templateUrl?: string;
  /** Choices above the drop area (the packing import's 出运方式). */
  extra?: ReactNode;
  send: (file: Blob, onProgress: (percent: number) => void) => Promise<UploadOutcome<unknown>>;
  /** The success message of an accepted file's answer. */
  successText: (answer: unknown) => string;
  onClose: () => void;
  onImported: (answer: unknown) => void;
}

/** 导入: one xlsx, all or nothing; a refused file shows every bad row with its field and reason. */
export default function SheetImportDialog(props: SheetImportDialogProps) {
  const { title, open, maxBytes, hint, fieldLabel, templateUrl, extra, send, successText, onClose, onImported } = props;
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
    if ((picked.size ?? 0) > maxBytes) {
      message.error(fileTooLargeMessage(maxBytes));
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
    const outcome = await send(blob, setPercent);
    setPercent(undefined);
    if (outcome.ok) {
      message.success(successText(outcome.data));
      reset();
      onImported(outcome.data);
      return;
    }
    setReport(reportOf(outcome, maxBytes));
  };

  return (
    <Modal
      title={title}
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
          {extra ?? <span />}
          {templateUrl ? (
            <Typography.Link href={templateUrl} download>
              <DownloadOutlined /> 下载导入模板
            </Typography.Link>
          ) : null}
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
          <p className="ant-upload-hint">{hint}</p>
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
              <Table<SheetRowError & { id: number }>
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
                    render: (_, row) => (row.field ? fieldLabel(row.field) : '—'),
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
