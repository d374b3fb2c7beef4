import { passwordStrength, type PasswordStrength } from '@/pages/user/validation';
import { signOutOtherSessions } from '@/services/user';
import type { User } from '@contract/user/schema';
import { Button, List, message, Popconfirm } from 'antd';
import { useState } from 'react';
import { maskEmail, maskPhone } from '../mask';
import PasswordModal from './PasswordModal';

const strengthTexts: Record<PasswordStrength, { text: string; color: string }> = {
  strong: { text: '强', color: '#52c41a' },
  medium: { text: '中', color: '#faad14' },
  short: { text: '太短', color: '#ff4d4f' },
};

interface SecurityViewProps {
  user: User;
  /** Opens the 账号绑定 section, where the phone and the e-mail are changed. */
  openBinding: () => void;
}

/** 安全设置: password, other signed-in devices, and the bound phone and e-mail. */
export default function SecurityView({ user, openBinding }: SecurityViewProps) {
  const [passwordOpen, setPasswordOpen] = useState(false);
  // The server keeps only a hash, so the strength is known once the password has been changed on this page.
  const [strength, setStrength] = useState<PasswordStrength>();
  const [signingOut, setSigningOut] = useState(false);

  const signOutOthers = async () => {
    setSigningOut(true);
    try {
      const answer = await signOutOtherSessions();
      // undefined: request.ts has already told the user what went wrong.
      if (!answer) return;
      message.success(answer.deleted ? `已退出其他 ${answer.deleted} 个设备上的登录` : '没有其他设备上的登录');
    } finally {
      setSigningOut(false);
    }
  };

  const passwordDescription = strength ? (
    <>
      当前密码强度：<span style={{ color: strengthTexts[strength].color }}>{strengthTexts[strength].text}</span>
    </>
  ) : (
    '已设置。建议定期修改，修改后显示新密码的强度'
  );

  return (
    <>
      <List itemLayout="horizontal">
        <List.Item
          actions={[
            <a key="change" onClick={() => setPasswordOpen(true)}>
              修改
            </a>,
          ]}
        >
          <List.Item.Meta title="账户密码" description={passwordDescription} />
        </List.Item>
        <List.Item
          actions={[
            <Popconfirm
              key="signOut"
              title="退出其他设备上的登录？"
              description="其他设备需要重新登录，本设备不受影响。"
              okText="退出"
              cancelText="取消"
              onConfirm={signOutOthers}
            >
              <Button size="small" loading={signingOut}>
                退出其他设备
              </Button>
            </Popconfirm>,
          ]}
        >
          <List.Item.Meta title="登录设备" description="退出除本设备以外所有设备上的登录" />
        </List.Item>
        <List.Item
          actions={[
            <a key="phone" onClick={openBinding}>
              修改
            </a>,
          ]}
        >
          <List.Item.Meta title="绑定手机" description={user.phone ? `已绑定手机：${maskPhone(user.phone)}` : '未绑定手机'} />
        </List.Item>
        <List.Item
          actions={[
            <a key="email" onClick={openBinding}>
              修改
            </a>,
          ]}
        >
          <List.Item.Meta title="备用邮箱" description={user.email ? `已绑定邮箱：${maskEmail(user.email)}` : '未绑定邮箱'} />
        </List.Item>
      </List>
      <PasswordModal
        open={passwordOpen}
        onClose={() => setPasswordOpen(false)}
        onChanged={(password) => setStrength(passwordStrength(password))}
      />
    </>
  );
}
