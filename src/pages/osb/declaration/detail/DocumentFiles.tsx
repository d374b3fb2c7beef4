import { saveFile } from '@/utils/saveFile';
/**
 * The documents' files of a handover: each document's file to download, and while the handover is 待交接 a file to
 * upload (pdf, a scan or photo, Excel or Word, 10 MB at most), which marks the document received. An upload is
 * saved at once, so it waits until the form's own changes are saved: nothing typed is lost by the reload.
 */
import { downloadDeclarationDocument, uploadDeclarationDocument } from '@/services/declaration';
import { formatDateTime } from '@/utils/date';
import type { DeclarationDetail } from '@contract/declaration/schema';
import {
  declarationDocumentLabels,
  declarationDocuments,
  declarationLimits,
  documentFileAccept,
  documentFileName,
  type DeclarationDocument,
} from '@contract/declaration/codes';
import { fileTooLargeMessage } from '@contract/shared/formats';
import { UploadOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, List, Progress, Tooltip, Upload, message } from 'antd';
import { useState } from 'react';

/** A file's size as a clerk reads it: bytes, KB or MB. */
const sizeText = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export default function DocumentFiles({
  declaration,
  unsaved,
  onUploaded,
}: {
  declaration: DeclarationDetail;
  unsaved: () => boolean;
  onUploaded: () => void;
}) {
  const [uploading, setUploading] = useState<{ document: DeclarationDocument; percent: number }>();
  const editable = declaration.status === 'PENDING';

  const send = async (document: DeclarationDocument, file: File) => {
    const named = documentFileName(file.name, file.size);
    if ('problem' in named) return message.error(named.problem);
    if (file.size > declarationLimits.documentMaxBytes)
      return message.error(fileTooLargeMessage(declarationLimits.documentMaxBytes));
    setUploading({ document, percent: 0 });
    const outcome = await uploadDeclarationDocument(declaration.key, document, file, (percent) =>
      setUploading({ document, percent }),
    );
    setUploading(undefined);
    if (!outcome.ok) return message.error(outcome.body?.errorMessage ?? '上传失败，请重试');
    message.success(`${declarationDocumentLabels[document]}已上传`);
    onUploaded();
  };

  // The files stay downloadable when the form around them is read-only (after the handover).
  return (
    <ConfigProvider componentDisabled={false}>
      <List
        size="small"
        dataSource={[...declarationDocuments]}
        renderItem={(document) => {
          const file = declaration.files[document];
          return (
            <List.Item
              actions={[
                editable && (
                  <Upload
                    key="upload"
                    accept={documentFileAccept}
                    showUploadList={false}
                    beforeUpload={(picked) => {
                      send(document, picked);
                      return false;
                    }}
                  >
                    <Tooltip title={unsaved() ? '请先保存已修改的内容' : undefined}>
                      <Button size="small" icon={<UploadOutlined />} disabled={!!uploading || unsaved()}>
                        {file ? '重新上传' : `上传${declarationDocumentLabels[document]}`}
                      </Button>
                    </Tooltip>
                  </Upload>
                ),
              ]}
            >
              <List.Item.Meta
                title={declarationDocumentLabels[document]}
                description={
                  uploading?.document === document ? (
                    <Progress percent={uploading.percent} size="small" style={{ width: 200 }} />
                  ) : file ? (
                    <Button
                      type="link"
                      size="small"
                      style={{ padding: 0 }}
                      onClick={async () => {
                        const downloaded = await downloadDeclarationDocument(declaration.key, document);
                        if (downloaded) saveFile(downloaded.blob, downloaded.fileName);
                      }}
                    >
                      {file.fileName}（{sizeText(file.size)}，{formatDateTime(file.uploadedAt)}）
                    </Button>
                  ) : (
                    '未上传文件'
                  )
                }
              />
            </List.Item>
          );
        }}
      />
    </ConfigProvider>
  );
}
