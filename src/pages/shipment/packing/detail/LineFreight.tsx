import { queryContainerFreight } from '@/services/container';
import { amountsText, cnyText } from '@/components/FreightTable';
import { useAnswer } from '@/utils/useAnswer';
import { freightBasisLabels } from '@contract/freight/codes';
import { Card, Descriptions } from 'antd';

/** 运费: the line's part of its container's freight and its PO's, read again whenever the line changes. */
export default function LineFreight({
  lineKey,
  containerKey,
  version,
}: {
  lineKey: string;
  containerKey: string;
  version: number;
}) {
  const freight = useAnswer(() => queryContainerFreight(containerKey), [containerKey, version]);
  const line = freight?.lines.find((share) => share.key === lineKey);
  const po = freight?.pos.find((share) => share.key === line?.poNo);
  return (
    <Card title="运费" loading={!freight}>
      {freight && line ? (
        <Descriptions
          column={3}
          items={[
            { key: 'line', label: '本明细运费', children: amountsText(line.amounts) },
            { key: 'cny', label: '折合人民币', children: cnyText(line.cny) },
            { key: 'piece', label: '每件运费', children: cnyText(line.cnyPerPiece) },
            {
              key: 'po',
              label: `PO ${line.poNo} 在柜 ${containerKey}`,
              children: po ? `${amountsText(po.amounts)}（${cnyText(po.cny)}）` : '—',
            },
            { key: 'box', label: '柜运费', children: amountsText(freight.totals) },
            { key: 'basis', label: '分摊方式', children: freightBasisLabels[freight.basis] },
          ]}
        />
      ) : null}
    </Card>
  );
}
