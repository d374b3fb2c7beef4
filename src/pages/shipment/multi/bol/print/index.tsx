import DetailState from '@/components/DetailState';
import { loadedOf } from '@/utils/request';
import type { LookupsModelState } from '@/models/lookups';
import { queryBol } from '@/services/bol';
import { bolSheet, portPrinter, type SheetBox } from '@contract/bol/sheet';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useCallback, useEffect } from 'react';
import { Link, useDispatch, useParams, useSelector } from 'umi';

/**
 * On paper only the sheet, at the page's top left: everything else is hidden (backgrounds too, so that the fixed side
 * menu's place leaves no grey band), and the sheet is taken out of the layout's padding.
 */
const PRINT_CSS = `
@page { size: A4; margin: 10mm; }
@media print {
  body * { visibility: hidden; }
  body, .ant-layout, .ant-pro-layout-bg-list { background: #fff !important; }
  .bol-sheet, .bol-sheet * { visibility: visible; }
  .bol-sheet { position: fixed; top: 0; left: 0; box-shadow: none !important; margin: 0 !important; }
}
.bol-sheet { position: relative; width: 190mm; min-height: 270mm; margin: 0 auto; padding: 8mm; background: #fff;
  box-shadow: 0 1px 6px rgba(0,0,0,.15); font: 11px/1.35 Helvetica, Arial, sans-serif; color: #000; overflow: hidden; }
.bol-sheet .grid { display: grid; border-left: 1px solid #333; border-top: 1px solid #333; }
.bol-sheet .cell { border-right: 1px solid #333; border-bottom: 1px solid #333; padding: 3px 5px; white-space: pre-wrap; min-height: 34px; }
.bol-sheet .label { font-size: 9px; color: #555; display: block; }
.bol-sheet .watermark { position: absolute; top: 40%; left: 0; right: 0; text-align: center; font: bold 150px Helvetica, Arial, sans-serif;
  color: rgba(204,0,0,.15); transform: rotate(-35deg); pointer-events: none; }
`;

const Cell = ({ box, style }: { box: SheetBox; style?: React.CSSProperties }) => (
  <div className="cell" style={style}>
    <span className="label">{box.label}</span>
    {box.lines.join('\n')}
  </div>
);

const loadBol = (key: string) => loadedOf(queryBol(key));

/** 提单打印: the sheet in the layout people know, "DRAFT" across it until issued; the browser prints it on A4. */
export default function BolPrintPage() {
  const { id = '' } = useParams<{ id: string }>();
  const dispatch = useDispatch();
  const dict = useSelector((state: { lookups: LookupsModelState }) => state.lookups.osbDict);
  // Outside the selector: a new [] on each call would make react-redux draw the page again for nothing.
  const ports = dict?.ports ?? [];
  useEffect(() => {
    dispatch({ type: 'lookups/fetchOsbDict' });
  }, [dispatch]);
  const loader = useCallback(() => loadBol(id), [id]);
  const back = (
    <Link to={`/shipment/multi/bol/${encodeURIComponent(id)}`}>
      <Button icon={<ArrowLeftOutlined />}>返回提单</Button>
    </Link>
  );
  return (
    <DetailState label="提单" load={loader} notFoundText="该提单不存在，或你无权查看。" back={back}>
      {(bol) => {
        const sheet = bolSheet(bol, portPrinter(ports));
        return (
          <>
            <style>{PRINT_CSS}</style>
            <Space className="bol-print-tools" style={{ marginBottom: 16 }}>
              {back}
              <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
                打印
              </Button>
            </Space>
            <article className="bol-sheet" aria-label={`${sheet.title} ${sheet.bolNo}`}>
              {sheet.watermark ? <div className="watermark">{sheet.watermark}</div> : null}
              <div style={{ textAlign: 'right', marginBottom: 8 }}>
                <div style={{ font: 'bold 20px Helvetica, Arial, sans-serif' }}>{sheet.title}</div>
                <div>B/L No. {sheet.bolNo}</div>
              </div>
              <div className="grid" style={{ gridTemplateColumns: '1fr 1fr' }}>
                <div>
                  {sheet.parties.map((box) => (
                    <Cell key={box.label} box={box} style={{ minHeight: 92, borderRight: 'none' }} />
                  ))}
                </div>
                <div>
                  {sheet.route.slice(0, 3).map((box) => (
                    <Cell key={box.label} box={box} style={{ minHeight: 69 }} />
                  ))}
                  <Cell
                    box={{ label: 'Containers', lines: [`${sheet.containers.length} x CONTAINER(S)`] }}
                    style={{ minHeight: 69 }}
                  />
                </div>
              </div>
              <div className="grid" style={{ gridTemplateColumns: 'repeat(4, 1fr)', borderTop: 'none' }}>
                {sheet.route.slice(3).map((box) => (
                  <Cell key={box.label} box={box} />
                ))}
              </div>
              <div className="grid" style={{ gridTemplateColumns: '24fr 40fr 12fr 12fr 12fr', borderTop: 'none' }}>
                <Cell box={{ label: 'Marks and Numbers', lines: sheet.marks }} style={{ minHeight: 340 }} />
                <Cell box={{ label: 'Description of Goods', lines: [...sheet.description, '', ...sheet.containers] }} />
                <Cell box={{ label: 'Packages', lines: [sheet.packages] }} />
                <Cell box={{ label: 'Gross Weight', lines: [sheet.grossWeight] }} />
                <Cell box={{ label: 'Measurement', lines: [sheet.measurement] }} />
              </div>
              <div className="grid" style={{ gridTemplateColumns: `repeat(${sheet.footer.length}, 1fr)`, borderTop: 'none' }}>
                {sheet.footer.map((box) => (
                  <Cell key={box.label} box={box} />
                ))}
              </div>
            </article>
          </>
        );
      }}
    </DetailState>
  );
}
