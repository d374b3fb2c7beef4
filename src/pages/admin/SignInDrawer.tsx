import { querySignIns } from '@/services/admin';
import { formatDateTime } from '@/utils/date';
import { useAnswer } from '@/utils/useAnswer';
import { signInOutcomeLabels, type SignInOutcome } from '@contract/admin/codes';
import type { AdminAccount, SignIn } from '@contract/admin/schema';
import { Drawer, Table, Tag } from 'antd';
import { useState } from 'react';

const PAGE_SIZE = 20;

/** 登录记录: an account's sign-in attempts, the newest first — when, from which address, and whether it worked. */
export default function SignInDrawer({ account, onClose }: { account?: AdminAccount; onClose: () => void }) {
  const [current, setCurrent] = useState(1);
  const page = useAnswer(
    () => (account ? querySignIns(account.id, { current, pageSize: PAGE_SIZE }) : Promise.resolve(undefined)),
    [account?.id, current],
  );
  return (
    <Drawer open={!!account} width={560} title={`登录记录：${account?.realName || account?.name || ''}`} onClose={onClose}>
      <Table<SignIn>
        size="small"
        rowKey={(row) => `${row.at}-${row.address}`}
        loading={!page}
        dataSource={page?.data}
        locale={{ emptyText: '还没有登录记录' }}
        pagination={{ current, pageSize: PAGE_SIZE, total: page?.total, onChange: setCurrent, showSizeChanger: false }}
        columns={[
          { title: '时间', dataIndex: 'at', width: 170, render: (at: string) => formatDateTime(at) },
          { title: '地址', dataIndex: 'address', width: 150 },
          {
            title: '结果',
            dataIndex: 'outcome',
            render: (outcome: SignInOutcome) => (
              <Tag color={outcome === 'ok' ? 'success' : 'error'}>{signInOutcomeLabels[outcome]}</Tag>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
