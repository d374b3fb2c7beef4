import LazyDialog from '@/components/LazyDialog';
import { removeContainer } from '@/services/container';
import { performAction } from '@/utils/performAction';
import type { Container } from '@contract/container/schema';
import { containerFieldLabels as labels } from '@contract/container/codes';
import type { PlanDetail } from '@contract/plan/schema';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Popconfirm, Space, Table } from 'antd';
import { lazy, useState } from 'react';

const loadDialog = () => import('./ContainerDialog');
const ContainerDialog = lazy(loadDialog);

const kgText = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('en-US')} kg`);

/** 柜: the plan's containers once it is confirmed, up to its quantity, each with number, seal and weights. */
export default function ContainerCard({ plan, onChanged }: { plan: PlanDetail; onChanged: () => void }) {
  const [editing, setEditing] = useState<{ container?: Container }>();
  const open = plan.status === 'CONFIRMED' || plan.status === 'LOADING';
  const remove = async (container: Container) => {
    const removed = await performAction(removeContainer(plan.key, container.key, container.version), `已删除柜 ${container.key}`);
    if (removed.ok) onChanged();
  };
  return (
    <Card
      title={`柜（${plan.containers.length} / ${plan.quantity}）`}
      extra={
        open && plan.containers.length < plan.quantity ? (
          <Button icon={<PlusOutlined />} onClick={() => setEditing({})} onMouseEnter={loadDialog}>
            添加柜
          </Button>
        ) : null
      }
    >
      <Table<Container>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={plan.containers}
        locale={{ emptyText: open ? '尚未添加柜：添加后可填写箱号、封号，再把明细装入' : '计划确认后可添加柜' }}
        columns={[
          { title: labels.key, dataIndex: 'key', width: 120 },
          { title: labels.containerType, dataIndex: 'containerType', width: 80 },
          { title: labels.containerNo, dataIndex: 'containerNo', width: 140, render: (_, c) => c.containerNo ?? '待放柜' },
          { title: labels.sealNo, dataIndex: 'sealNo', width: 120, render: (_, c) => c.sealNo ?? '—' },
          { title: labels.tareKg, dataIndex: 'tareKg', width: 110, render: (_, c) => kgText(c.tareKg) },
          { title: labels.vgmKg, dataIndex: 'vgmKg', width: 110, render: (_, c) => kgText(c.vgmKg) },
          { title: '容量 / 载重', key: 'capacity', width: 170, render: (_, c) => `${c.cbmCapacity} m³ / ${kgText(c.payloadKg)}` },
          {
            title: '操作',
            key: 'actions',
            width: 110,
            render: (_, c) =>
              open ? (
                <Space size="small">
                  <a onClick={() => setEditing({ container: c })} onMouseEnter={loadDialog}>
                    编辑
                  </a>
                  <Popconfirm title={`删除柜 ${c.key}？`} okText="删除" cancelText="返回" onConfirm={() => remove(c)}>
                    <a>删除</a>
                  </Popconfirm>
                </Space>
              ) : null,
          },
        ]}
      />
      <LazyDialog open={editing !== undefined}>
        <ContainerDialog
          open={editing !== undefined}
          planKey={plan.key}
          container={editing?.container}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            onChanged();
          }}
        />
      </LazyDialog>
    </Card>
  );
}
