import { Alert, Modal, Typography } from 'antd';
import { useState } from 'react';

/** A secret the server answers once: the dialog's title and the secret to copy. */
export interface ShownSecret {
  title: string;
  secret: string;
}

interface SecretShownOnceProps {
  /** What was made; none: no dialog. */
  made?: ShownSecret;
  /** Why it must be copied now. */
  warning: string;
  /** Called once the dialog has closed and its content is gone from the page. */
  onClosed: () => void;
}

/**
 * A secret answered once (an API token, a webhook's signing key), shown to copy. Closing keeps `made` until the
 * dialog has faded and antd has removed it (`afterClose`), so the secret leaves the page with the dialog. Why: while
 * a dialog closes, rc-dialog keeps drawing its content as it was (Panel's MemoChildren), secret included, but sets
 * `aria-labelledby` only while there is a title. Clearing `made` at the click dropped the title, so the fading
 * dialog lost its name at once while its secret stayed in the page until it was removed.
 */
export default function SecretShownOnce({ made, warning, onClosed }: SecretShownOnceProps) {
  const [closing, setClosing] = useState(false);
  const close = () => setClosing(true);
  return (
    <Modal
      open={!!made && !closing}
      title={made?.title}
      okText="我已保存"
      destroyOnHidden
      cancelButtonProps={{ style: { display: 'none' } }}
      onOk={close}
      onCancel={close}
      afterClose={() => {
        setClosing(false);
        onClosed();
      }}
    >
      <Alert type="warning" showIcon message={warning} />
      <Typography.Paragraph copyable={{ text: made?.secret }} code style={{ marginBlockStart: 12, wordBreak: 'break-all' }}>
        {made?.secret}
      </Typography.Paragraph>
    </Modal>
  );
}
