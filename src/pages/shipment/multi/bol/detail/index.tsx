import { saveFile } from '@/utils/saveFile';
import DetailState from '@/components/DetailState';
import LazyDialog from '@/components/LazyDialog';
import { useRoles } from '@/models/user';
import { downloadBolPdf, patchBol, queryBol, removeBol } from '@/services/bol';
import { loadedOf } from '@/utils/request';
import { performAction } from '@/utils/performAction';
import type { BolDetail } from '@contract/bol/schema';
import {
  amendableStatuses,
  bolActionLabels,
  bolActionsFor,
  bolActionWords,
  type BolAction,
  type ReleaseType,
} from '@contract/bol/codes';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { Alert, Button, Popconfirm, Space } from 'antd';
import { lazy, useCallback, useState } from 'react';
import { history, Link, useParams } from 'umi';
import { BolCargo, BolFacts, BolHistory, BolParties } from './BolSections';
import RemarkCard from './RemarkCard';
import HistoryCard from '@/components/History';
import Milestones from '@/components/Milestones';

const loadAmend = () => import('./AmendDialog');
const AmendDialog = lazy(loadAmend);
const loadRelease = () => import('./ReleaseDialog');
const ReleaseDialog = lazy(loadRelease);
const loadIssue = () => import('./IssueDialog');
const IssueDialog = lazy(loadIssue);
const ReasonDialog = lazy(() => import('@/components/ReasonDialog'));

const backLink = (
  <Link to="/shipment/multi/bol">
    <Button icon={<ArrowLeftOutlined />}>返回提单</Button>
  </Link>
);

const loadBol = (key: string) => loadedOf(queryBol(key));

/** 提单详情: parties, route, containers and cargo, remark, status history, and the actions the caller may take. */
export default function BolDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const [attempt, setAttempt] = useState(0);
  const loader = useCallback(() => loadBol(id), [id]);
  return (
    <DetailState key={attempt} label="提单" load={loader} notFoundText="该提单不存在，或你无权查看。" back={backLink}>
      {(bol) => <BolPage bol={bol} reload={() => setAttempt((n) => n + 1)} />}
    </DetailState>
  );
}

/** Actions that need a text first: a change request's comment, a void's reason. */
const asks: Partial<Record<BolAction, { title: string; label: string; okText: string }>> = {
  requestAmendment: { title: '申请修改提单', label: '修改意见', okText: '提交修改意见' },
  void: { title: '作废提单', label: '作废原因', okText: '作废' },
};

function BolPage({ bol, reload }: { bol: BolDetail; reload: () => void }) {
  const roles = useRoles();
  const [asking, setAsking] = useState<BolAction>();
  const [amending, setAmending] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const [issuing, setIssuing] = useState(false);
  const clerk = roles.includes('documentClerk');

  const act = async (action: BolAction, extra: { comment?: string; releaseType?: ReleaseType } = {}) => {
    const done = await performAction(
      patchBol(bol.key, { action, version: bol.version, ...extra }),
      `提单 ${bol.bolNo} ${bolActionWords[action].done}`,
    );
    if (!done.ok) return false;
    reload();
    return true;
  };
  const pdf = async () => {
    const file = await downloadBolPdf(bol.key);
    if (file) saveFile(file.blob, file.fileName);
  };

  const buttons = bolActionsFor(bol.status, roles).map((action) => {
    if (asks[action])
      return (
        <Button key={action} danger={action === 'void'} onClick={() => setAsking(action)}>
          {bolActionLabels[action]}
        </Button>
      );
    if (action === 'issue')
      return (
        <Button key={action} type="primary" onClick={() => setIssuing(true)} onMouseEnter={loadIssue}>
          {bolActionLabels[action]}
        </Button>
      );
    if (action === 'release')
      return (
        <Button key={action} type="primary" onClick={() => setReleasing(true)} onMouseEnter={loadRelease}>
          {bolActionLabels[action]}
        </Button>
      );
    return (
      <Popconfirm
        key={action}
        title={bolActionWords[action].ask(bol.bolNo)}
        okText={bolActionLabels[action]}
        cancelText="返回"
        onConfirm={() => act(action)}
      >
        <Button type="primary">{bolActionLabels[action]}</Button>
      </Popconfirm>
    );
  });
  const actions = (
    <Space wrap>
      {clerk && amendableStatuses.includes(bol.status) ? (
        <Button onClick={() => setAmending(true)} onMouseEnter={loadAmend}>
          修改提单
        </Button>
      ) : null}
      {clerk && bol.status === 'DRAFT' ? (
        <Popconfirm
          title={`确定删除草稿 ${bol.bolNo}？其柜将可重新出提单。`}
          okText="删除"
          cancelText="返回"
          onConfirm={async () =>
            (await performAction(removeBol(bol.key, bol.version), `已删除草稿 ${bol.bolNo}`)).ok &&
            history.push('/shipment/multi/bol')
          }
        >
          <Button danger>删除</Button>
        </Popconfirm>
      ) : null}
      {buttons}
      <Link to={`/shipment/multi/bol/${encodeURIComponent(bol.key)}/print`}>
        <Button>打印预览</Button>
      </Link>
      <Button onClick={pdf}>下载 PDF</Button>
      {backLink}
    </Space>
  );

  return (
    <PageContainer header={{ title: `提单 ${bol.bolNo}`, extra: actions }}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {bol.status === 'PENDING_AMENDMENT' && bol.amendmentComment ? (
          <Alert type="warning" showIcon message={`客户申请修改：${bol.amendmentComment}`} />
        ) : null}
        {bol.status === 'VOIDED' ? <Alert type="error" showIcon message={`已作废：${bol.voidReason}`} /> : null}
        <BolFacts bol={bol} />
        <BolParties bol={bol} />
        <BolCargo bol={bol} />
        <RemarkCard bol={bol} editable={roles.includes('user')} onSaved={reload} />
        {roles.includes('user') || clerk ? (
          <Milestones
            key={`tnt-${bol.version}`}
            planKey={bol.planKey}
            containers={bol.containers.flatMap((box) => (box.containerNo ? [box.containerNo] : []))}
          />
        ) : null}
        <BolHistory bol={bol} />
        <HistoryCard key={bol.version} entity="bol" entityKey={bol.key} />
      </Space>
      <LazyDialog open={asking !== undefined}>
        <ReasonDialog
          ask={asking ? asks[asking] : undefined}
          onSubmit={(comment) => act(asking as BolAction, { comment })}
          onClose={() => setAsking(undefined)}
        />
      </LazyDialog>
      <LazyDialog open={amending}>
        <AmendDialog open={amending} bol={bol} onClose={() => setAmending(false)} onSaved={reload} />
      </LazyDialog>
      <LazyDialog open={issuing}>
        <IssueDialog bol={bol} open={issuing} onClose={() => setIssuing(false)} onIssued={reload} />
      </LazyDialog>
      <LazyDialog open={releasing}>
        <ReleaseDialog
          bol={bol}
          open={releasing}
          onRelease={(releaseType) => act('release', { releaseType })}
          onClose={() => setReleasing(false)}
        />
      </LazyDialog>
    </PageContainer>
  );
}
