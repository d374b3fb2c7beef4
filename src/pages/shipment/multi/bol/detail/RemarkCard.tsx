import { saveUserRemark } from '@/services/bol';
import { outcomeOf } from '@/utils/request';
import type { Bol } from '@contract/bol/schema';
import { bolLimits } from '@contract/bol/codes';
import { Button, Card, Input, Typography, message } from 'antd';
import { useState } from 'react';

/**
 * 用户备注: the customer writes it on their B/L, everyone else reads it. React renders it as text, so markup typed
 * into it stays text.
 */
export default function RemarkCard({ bol, editable, onSaved }: { bol: Bol; editable: boolean; onSaved: () => void }) {
  const [text, setText] = useState(bol.userRemark);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    const saved = await outcomeOf(saveUserRemark(bol.key, { userRemark: text, version: bol.version }));
    setSaving(false);
    if (!saved.ok) return;
    message.success('备注已保存');
    onSaved();
  };
  return (
    <Card
      title="用户备注"
      extra={
        editable ? (
          <Button type="primary" size="small" loading={saving} disabled={text === bol.userRemark} onClick={save}>
            保存备注
          </Button>
        ) : null
      }
    >
      {editable ? (
        <Input.TextArea
          aria-label="用户备注"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={bolLimits.remarkMax}
          showCount
          autoSize={{ minRows: 2, maxRows: 6 }}
        />
      ) : (
        <Typography.Paragraph data-testid="user-remark" style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
          {bol.userRemark || <Typography.Text type="secondary">无</Typography.Text>}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
