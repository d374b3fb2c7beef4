import { inLayer, layerCount } from '@contract/container/loadPlan';
import type { LoadPlanAnswer } from '@contract/container/schema';
import { Slider, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';

type Block = LoadPlanAnswer['blocks'][number];

interface Props {
  plan: LoadPlanAnswer;
}

/** A cell's hover: PO, line (style and colour) and its cartons' numbers. */
function blockTitle(block: Block, lines: LoadPlanAnswer['lines']) {
  const line = lines.find((one) => one.key === block.lineKey);
  const range = block.cartonFrom === block.cartonTo ? `${block.cartonFrom}` : `${block.cartonFrom}–${block.cartonTo}`;
  const style = line ? `（${line.styleNo} ${line.colour}）` : '';
  return `PO ${block.poNo} · 明细 ${block.lineKey}${style} · 第 ${range} 箱`;
}

function View({ width, height, label, children }: { width: number; height: number; label: string; children: ReactNode }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      style={{ inlineSize: '100%', blockSize: 'auto', display: 'block' }}
    >
      <rect x={0} y={0} width={width} height={height} fill="#fafafa" stroke="#595959" vectorEffect="non-scaling-stroke" />
      {children}
    </svg>
  );
}

const cell = (x: number, y: number, width: number, height: number, fill: string, key: string) => (
  <rect
    key={key}
    x={x}
    y={y}
    width={width}
    height={height}
    fill={fill}
    stroke="#434343"
    strokeWidth={0.5}
    vectorEffect="non-scaling-stroke"
  />
);

/**
 * The load plan to scale: the side view (front wall left, doors right), then the top view of the layer the slider
 * chooses. Each block is coloured by its PO as the stickers are; hovering names PO, line and cartons.
 */
export default function LoadPlanDrawing({ plan }: Props) {
  const { lengthMm: length, widthMm: width, heightMm: height } = plan.inside;
  const colourOf = useMemo(() => new Map(plan.legend.map(({ poNo, colour }) => [poNo, colour])), [plan.legend]);
  const layers = useMemo(() => layerCount(plan.blocks), [plan.blocks]);
  const [chosen, setLayer] = useState(0);
  const layer = Math.min(chosen, Math.max(0, layers - 1));
  // From the left side: the blocks furthest away first, so the nearer ones are drawn over them.
  const sideways = useMemo(() => [...plan.blocks].sort((a, b) => b.y - a.y), [plan.blocks]);

  return (
    <div>
      <Typography.Text type="secondary">侧视图（左为柜头，右为柜门）</Typography.Text>
      <View width={length} height={height} label="装柜图侧视">
        {sideways.map((block, b) => (
          <g key={b} data-line={block.lineKey}>
            <title>{blockTitle(block, plan.lines)}</title>
            {Array.from({ length: block.nx * block.nz }, (_, n) => {
              const i = n % block.nx;
              const k = Math.floor(n / block.nx);
              const top = height - block.z - (k + 1) * block.heightMm;
              const fill = colourOf.get(block.poNo) ?? '#d9d9d9';
              return cell(block.x + i * block.lengthMm, top, block.lengthMm, block.heightMm, fill, `${i}-${k}`);
            })}
          </g>
        ))}
      </View>
      <Typography.Text type="secondary" style={{ display: 'block', marginBlockStart: 12 }}>
        俯视图：第 {layers ? layer + 1 : 0} / {layers} 层（从地板数起）
      </Typography.Text>
      {layers > 1 ? (
        <Slider
          min={0}
          max={layers - 1}
          value={layer}
          onChange={setLayer}
          tooltip={{ formatter: (value) => `第 ${(value ?? 0) + 1} 层` }}
          aria-label="选择俯视的层"
        />
      ) : null}
      <View width={length} height={width} label="装柜图俯视">
        {plan.blocks
          .filter((block) => inLayer(block, layer))
          .map((block, b) => (
            <g key={b} data-line={block.lineKey}>
              <title>{blockTitle(block, plan.lines)}</title>
              {Array.from({ length: block.nx * block.ny }, (_, n) => {
                const i = n % block.nx;
                const j = Math.floor(n / block.nx);
                const fill = colourOf.get(block.poNo) ?? '#d9d9d9';
                const x = block.x + i * block.lengthMm;
                return cell(x, block.y + j * block.widthMm, block.lengthMm, block.widthMm, fill, `${i}-${j}`);
              })}
            </g>
          ))}
      </View>
    </div>
  );
}
