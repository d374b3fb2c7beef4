import { SpaceTag } from '@/components/StatusTags/booking';
import type { Price } from '@contract/price/schema';
import { carrierText, type Carrier } from '@contract/setting/codes';
import { siCutoffState } from '@contract/order/codes';
import { priceText, unbookableReason } from '@contract/price/codes';
import { Tag, Tooltip, theme } from 'antd';

const weekdays = ['一', '二', '三', '四', '五', '六', '日'];

/** The days of `month` (YYYY-MM) in weeks from Monday; null pads the first and last week. */
export function weeksOf(month: string): (string | null)[][] {
  const first = new Date(`${month}-01T00:00:00Z`);
  const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const cells: (string | null)[] = Array((first.getUTCDay() + 6) % 7).fill(null);
  for (let day = 1; day <= days; day += 1) cells.push(`${month}-${String(day).padStart(2, '0')}`);
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

interface Props {
  month: string;
  prices: Price[];
  cheapestKey: string | null;
  today: string;
  carriers: Carrier[];
  /** Hours before a sailing that its 截单 closes (setting bookingCutoff): past it a sailing is not offered. */
  siCutoffHours: number;
  /** A sailing chosen (bookable ones for the customer; any for the clerk, who keeps the prices). */
  onPick: (price: Price) => void;
  /** The clerk adds a price on a day. */
  onAdd?: (day: string) => void;
}

/** 运价日历: a month of sailings, each day with its carriers' prices and space, the cheapest bookable marked. */
export default function MonthGrid({ month, prices, cheapestKey, today, carriers, siCutoffHours, onPick, onAdd }: Props) {
  const { token } = theme.useToken();
  const byDay = new Map<string, Price[]>();
  for (const price of prices) byDay.set(price.sailingDate, [...(byDay.get(price.sailingDate) ?? []), price]);
  const cell = { border: `1px solid ${token.colorBorderSecondary}`, verticalAlign: 'top', padding: 6, height: 96 };

  return (
    <table style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }} aria-label="运价日历">
      <thead>
        <tr>
          {weekdays.map((day) => (
            <th key={day} style={{ padding: 6, fontWeight: 500, color: token.colorTextSecondary }}>
              周{day}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeksOf(month).map((week) => (
          <tr key={week.find(Boolean)}>
            {week.map((day, i) => {
              if (!day) return <td key={`pad${i}`} style={{ ...cell, background: token.colorFillQuaternary }} />;
              const past = day < today;
              return (
                <td key={day} data-day={day} style={{ ...cell, background: past ? token.colorFillTertiary : undefined }}>
                  <div
                    style={{
                      display: 'flex',
                      justifyContent: 'space-between',
                      color: past ? token.colorTextDisabled : undefined,
                    }}
                  >
                    <span>{Number(day.slice(8))}</span>
                    {onAdd && !past ? (
                      <a onClick={() => onAdd(day)} aria-label={`${day} 新增运价`}>
                        +
                      </a>
                    ) : null}
                  </div>
                  {(byDay.get(day) ?? []).map((price) => {
                    const cutoff = siCutoffState(price.sailingDate, { siCutoffHours });
                    const refusal = unbookableReason(price, today) ?? (cutoff.passed ? cutoff.text : undefined);
                    const pickable = onAdd !== undefined || refusal === undefined;
                    const line = (
                      <div
                        key={price.key}
                        role={pickable ? 'button' : undefined}
                        data-price={price.key}
                        onClick={pickable ? () => onPick(price) : undefined}
                        style={{
                          cursor: pickable ? 'pointer' : 'not-allowed',
                          opacity: refusal ? 0.55 : 1,
                          marginBlockStart: 4,
                          fontSize: 12,
                          lineHeight: '20px',
                        }}
                      >
                        <div>
                          {carrierText(carriers, price.carrier)}
                          {price.key === cheapestKey ? (
                            <Tag color="red" style={{ marginInlineStart: 4, fontSize: 11, lineHeight: '16px' }}>
                              最低价
                            </Tag>
                          ) : null}
                        </div>
                        <div>
                          <strong style={{ color: refusal ? undefined : token.colorPrimary }}>
                            {priceText(price.amount, price.currency)}
                          </strong>{' '}
                          <SpaceTag space={price.space} />
                        </div>
                        {cutoff.near && !refusal ? <div style={{ color: token.colorWarningText }}>截单将至</div> : null}
                      </div>
                    );
                    const why = refusal ? `不可订舱：${refusal}` : cutoff.text;
                    return why ? (
                      <Tooltip key={price.key} title={why}>
                        {line}
                      </Tooltip>
                    ) : (
                      line
                    );
                  })}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
