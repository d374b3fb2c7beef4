/** 在途: the customer's shipped sailings not yet arrived, with their boxes and the arrival against plan. */
import type { InTransit as Sailing } from '@contract/home/schema';
import { chinaDateTime } from '@contract/shared/chinaTime';
import { arrivalChange, tntLimits } from '@contract/tnt/codes';
import { Tag } from 'antd';
import { Link } from 'umi';
import { cell, head } from './plainTable';
const when = (at: string | null) => (at ? chinaDateTime(at) : '—');

export default function InTransit({ sailings }: { sailings: Sailing[] }) {
  return (
    <div style={{ overflowX: 'auto' }}>
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            {['订舱计划', '柜号', '船名航次', '目的港', '计划抵港', '预计抵港', '变化'].map((title) => (
              <th key={title} scope="col" style={head}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sailings.map((sailing) => {
            const change = arrivalChange(sailing.plannedArrival, sailing.expectedArrival);
            return (
              <tr key={sailing.planKey}>
                <td style={cell}>
                  <Link to={`/osb/plan/${sailing.planKey}`}>{sailing.planKey}</Link>
                </td>
                <td style={cell}>{sailing.containerNos.join('、') || '—'}</td>
                <td style={cell}>{`${sailing.vessel} ${sailing.voyage}`.trim() || '—'}</td>
                <td style={cell}>{sailing.pod}</td>
                <td style={cell}>{when(sailing.plannedArrival)}</td>
                <td style={cell}>{when(sailing.expectedArrival)}</td>
                <td style={cell}>
                  {change ? <Tag color={change.hours > tntLimits.delayHours ? 'red' : undefined}>{change.words}</Tag> : '—'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
