import { Alert, Modal, Typography } from 'antd';

interface SecretShownOnceProps {
  /** What was made and its secret; none: closed. */
  made?: { title: string; secret: string };
  /** Why it must be copied now. */
  warning: string;
  onClose: () => void;
}

/** A secret answered once (an API token, a webhook's signing key): shown to copy, gone when the dialog closes. */
export default function SecretShownOnce({ made, warning, onClose }: SecretShownOnceProps) {
  return (
    <Modal
      open={!!made}
      title={made?.title}
      okText="我已保存"
      destroyOnHidden
      cancelButtonProps={{ style: { display: 'none' } }}
      onOk={onClose}
      onCancel={onClose}
    >
      <Alert type="warning" showIcon message={warning} />
      <Typography.Paragraph copyable={{ text: made?.secret }} code style={{ marginBlockStart: 12, wordBreak: 'break-all' }}>
        {made?.secret}
      </Typography.Paragraph>
    </Modal>
  );
}
