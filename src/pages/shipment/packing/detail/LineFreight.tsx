import { queryContainerFreight } from '@/services/container';
import { queryLooseBooking } from '@/services/loose';
import { amountsText, cnyText } from '@/components/FreightTable';
import { useAnswer } from '@/utils/useAnswer';
import { freightBasisLabels } from '@contract/freight/codes';
import { Card, Descriptions, Empty } from 'antd';

/** Where a line pays freight: its container, or its loose-cargo booking (plan key LB…). */
export type FreightPlace = { container: string } | { booking: string };

/** 运费: the line's part of its container's or loose booking's freight and its PO's, read again whenever the line changes. */
export default function LineFreight({ lineKey, place, version }: { lineKey: string; place: FreightPlace; version: number }) {
  const key = 'container' in place ? place.container : place.booking;
  const freight = useAnswer(
    async () =>
      'container' in place ? queryContainerFreight(place.container) : ((await queryLooseBooking(place.booking))?.freight ?? null),
    [key, version],
  );
  const line = freight?.lines.find((share) => share.key === lineKey);
  const po = freight?.pos.find((share) => share.key === line?.poNo);
  const where = 'container' in place ? `在柜 ${key}` : `在散货订舱 ${key}`;
  return (
    <Card title="运费" loading={freight === undefined}>
      {freight && line ? (
        <Descriptions
          column={3}
          items={[
            { key: 'line', label: '本明细运费', children: amountsText(line.amounts) },
            { key: 'cny', label: '折合人民币', children: cnyText(line.cny) },
            { key: 'piece', label: '每件运费', children: cnyText(line.cnyPerPiece) },
            {
              key: 'po',
              label: `PO ${line.poNo} ${where}`,
              children: po ? `${amountsText(po.amounts)}（${cnyText(po.cny)}）` : '—',
            },
            { key: 'box', label: 'container' in place ? '柜运费' : '散货运费', children: amountsText(freight.totals) },
            { key: 'basis', label: '分摊方式', children: freightBasisLabels[freight.basis] },
          ]}
        />
      ) : freight === null ? (
        <Empty description="订舱设置的「散货运价」中没有适用于本票货代和目的地的运价" />
      ) : null}
    </Card>
  );
}
