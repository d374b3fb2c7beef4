import FormDialog from '@/components/FormDialog';
import { inviteColleague } from '@/services/company';
import { useFormSave } from '@/utils/useFormSave';
import { rules } from '@/pages/user/validation';
import { INVITATION_TTL_DAYS, MAX_OPEN_INVITATIONS } from '@contract/company/codes';
import type { InviteBody } from '@contract/company/schema';
import { Form, Input, Typography } from 'antd';

/**
 * 邀请同事: the manager names a colleague's e-mail; the server mails a single-use link valid INVITATION_TTL_DAYS
 * days, and refuses a sixth open invitation, a member's address or one already invited, each under the field.
 */
export default function InviteDialog({
  open,
  openCount,
  onClose,
  onInvited,
}: {
  open: boolean;
  openCount: number;
  onClose: () => void;
  onInvited: () => void;
}) {
  const [form] = Form.useForm<InviteBody>();
  const { saving, save, notice } = useFormSave(form);
  return (
    <FormDialog<InviteBody>
      open={open}
      title="邀请同事"
      okText="发送邀请"
      cancelText="返回"
      onCancel={onClose}
      form={form}
      saving={saving}
      notice={notice}
      onFinish={(values) =>
        save(
          inviteColleague(values),
          (sent) => `邀请已发送到 ${sent.email}`,
          () => {
            onClose();
            onInvited();
          },
        )
      }
    >
      <Typography.Paragraph type="secondary">
        对方将收到一封邮件，{INVITATION_TTL_DAYS} 天内用邮件中的链接注册，即成为本公司成员（链接只能使用一次）。 已有 {openCount}{' '}
        / {MAX_OPEN_INVITATIONS} 个邀请未接受。
      </Typography.Paragraph>
      <Form.Item name="email" label="同事的邮箱" rules={rules.email}>
        <Input placeholder="name@example.com" autoComplete="off" autoFocus />
      </Form.Item>
    </FormDialog>
  );
}
