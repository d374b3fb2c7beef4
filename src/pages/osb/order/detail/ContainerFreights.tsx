import FreightTable from '@/components/FreightTable';
import { queryContainer, queryOpenContainers, updateContainer } from '@/services/container';
import { outcomeOf } from '@/utils/request';
import { freightBases, freightBasisLabels, type FreightBasis } from '@contract/freight/codes';
import type { ContainerDetail } from '@contract/container/schema';
import { Card, Empty, Select, Space, Typography, message } from 'antd';
import { useCallback, useEffect, useState } from 'react';

const basisOptions = freightBases.map((value) => ({ value, label: freightBasisLabels[value] }));

/**
 * 柜与运费 (the clerk's): each container of the plan with its freight per PO and line, and the choice of splitting
 * it by volume or by gross weight, saved with the container's version.
 */
export default function ContainerFreights({ planKey }: { planKey: string }) {
  const [boxes, setBoxes] = useState<ContainerDetail[]>();
  const read = useCallback(async () => {
    const listed = await queryOpenContainers({ planKey, pageSize: 100 });
    if (!listed) return;
    const details = await Promise.all(listed.data.map((box) => queryContainer(box.key)));
    setBoxes(details.filter((box): box is ContainerDetail => box !== undefined));
  }, [planKey]);
  useEffect(() => {
    read();
  }, [read]);

  const choose = async (box: ContainerDetail, freightBasis: FreightBasis) => {
    const outcome = await outcomeOf(updateContainer(box.planKey, box.key, { freightBasis, version: box.version }));
    if (outcome.ok) message.success(`柜 ${box.containerNo ?? box.key} 改为${freightBasisLabels[freightBasis]}分摊运费`);
    read();
  };

  return (
    <Card title="柜与运费">
      {boxes?.length === 0 ? <Empty description="计划还没有装货的柜" /> : null}
      <Space direction="vertical" size="large" style={{ inlineSize: '100%' }}>
        {boxes?.map((box) => (
          <div key={box.key}>
            <Space style={{ marginBlockEnd: 8 }}>
              <Typography.Text strong>
                柜 {box.containerNo ?? box.key} · {box.containerType} · {box.lines.length} 条明细
              </Typography.Text>
              <Select<FreightBasis>
                size="small"
                aria-label={`柜 ${box.containerNo ?? box.key} 运费分摊方式`}
                value={box.freightBasis}
                options={basisOptions}
                onChange={(basis) => choose(box, basis)}
                style={{ inlineSize: 110 }}
              />
            </Space>
            {box.lines.length ? <FreightTable freight={box.freight} title={`柜 ${box.key} 运费`} /> : null}
          </div>
        ))}
      </Space>
    </Card>
  );
}
