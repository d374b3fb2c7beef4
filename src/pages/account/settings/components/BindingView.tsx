import type { User } from '@contract/user/schema';
import { List } from 'antd';
import { useState } from 'react';
import { maskEmail, maskPhone } from '../mask';
import BindingModal, { type BindingField } from './BindingModal';

/** 账号绑定: the phone and the e-mail the account is bound to, each changed on its own. */
export default function BindingView({ user }: { user: User }) {
  const [editing, setEditing] = useState<BindingField>();
  const [open, setOpen] = useState(false);

  const row = (field: BindingField, title: string, shown: string) => (
    <List.Item
      actions={[
        <a
          key="change"
          onClick={() => {
            setEditing(field);
            setOpen(true);
          }}
        >
          修改
        </a>,
      ]}
    >
      <List.Item.Meta title={title} description={shown || '未绑定'} />
    </List.Item>
  );

  return (
    <>
      <List itemLayout="horizontal">
        {row('phone', '手机', maskPhone(user.phone))}
        {row('email', '邮箱', maskEmail(user.email))}
      </List>
      <BindingModal user={user} open={open} field={editing} onClose={() => setOpen(false)} />
    </>
  );
}
