import Hint from '@/components/Hint';
import { layerCount } from '@contract/container/loadPlan';
import { sideView, topView, type ViewBlock } from '@contract/container/loadPlanView';
import type { LoadPlanAnswer } from '@contract/container/schema';
import { Radio } from 'antd';
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

/** A view's blocks, each a group whose hover names PO, line and cartons, its cartons' faces in its PO's colour. */
function Blocks({ view, lines }: { view: ViewBlock[]; lines: LoadPlanAnswer['lines'] }) {
  return view.map(({ block, colour, cells }, b) => (
    <g key={b} data-line={block.lineKey}>
      <title>{blockTitle(block, lines)}</title>
      {cells.map((cell, c) => (
        <rect key={c} {...cell} fill={colour} stroke="#434343" strokeWidth={0.5} vectorEffect="non-scaling-stroke" />
      ))}
    </g>
  ));
}

/**
 * The load plan to scale: the side view (front wall left, doors right), then the top view of the layer chosen by
 * its number. Each block is coloured by its PO as the stickers are; hovering names PO, line and cartons.
 */
export default function LoadPlanDrawing({ plan }: Props) {
  const { lengthMm: length, widthMm: width, heightMm: height } = plan.inside;
  const layers = useMemo(() => layerCount(plan.blocks), [plan.blocks]);
  const [chosen, setLayer] = useState(0);
  const layer = Math.min(chosen, Math.max(0, layers - 1));
  const side = useMemo(() => sideView(plan), [plan]);

  return (
    <div>
      <Hint>侧视图（左为柜头，右为柜门）</Hint>
      <View width={length} height={height} label="装柜图侧视">
        <Blocks view={side} lines={plan.lines} />
      </View>
      <Hint style={{ display: 'block', marginBlockStart: 12 }}>
        俯视图：第 {layers ? layer + 1 : 0} / {layers} 层（从地板数起）
      </Hint>
      {layers > 1 ? (
        <Radio.Group
          optionType="button"
          size="small"
          value={layer}
          onChange={(event) => setLayer(event.target.value)}
          options={Array.from({ length: layers }, (_, i) => ({ value: i, label: String(i + 1), title: `第 ${i + 1} 层` }))}
          aria-label="选择俯视的层"
          style={{ display: 'block', marginBlock: 8 }}
        />
      ) : null}
      <View width={length} height={width} label="装柜图俯视">
        <Blocks view={topView(plan, layer)} lines={plan.lines} />
      </View>
    </div>
  );
}
