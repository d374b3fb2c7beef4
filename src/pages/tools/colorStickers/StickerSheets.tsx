import type { Sticker } from '@contract/sticker/schema';
import { gs1128Modules, stickerLayouts, type StickerLayout } from '@contract/sticker/codes';
import chunk from 'lodash/chunk';
import './print.css';

const QUIET_MODULES = 10;

/** The SSCC as GS1-128 bars (the contract's modules, as the PDF draws them), with its text under them. */
function Barcode({ sscc, text, height, fontSize }: { sscc: string; text: string; height: string; fontSize: string }) {
  const modules = gs1128Modules(`00${sscc}`);
  const total = modules.reduce((sum, run) => sum + run, 0) + 2 * QUIET_MODULES;
  let x = QUIET_MODULES;
  const bars = modules.map((run, i) => {
    const bar = i % 2 === 0 ? <rect key={i} x={x} y={0} width={run} height={1} /> : null;
    x += run;
    return bar;
  });
  return (
    <div className="sticker-code" style={{ fontSize }}>
      <svg viewBox={`0 0 ${total} 1`} preserveAspectRatio="none" style={{ height }} role="img" aria-label={`SSCC ${sscc}`}>
        {bars}
      </svg>
      <div>{text}</div>
    </div>
  );
}

/** Stickers on A4 sheets, as they print: a coloured band with the colour key, the carton's data and its SSCC. */
export default function StickerSheets({ stickers, layout }: { stickers: readonly Sticker[]; layout: StickerLayout }) {
  const { columns, rows } = stickerLayouts[layout];
  const small = rows > 4;
  return (
    <div className="sticker-sheets">
      {chunk(stickers, columns * rows).map((page, p) => (
        <section
          key={p}
          className="sticker-sheet"
          aria-label={`彩贴第 ${p + 1} 页`}
          style={{ gridTemplateColumns: `repeat(${columns}, 1fr)`, gridTemplateRows: `repeat(${rows}, 1fr)` }}
        >
          {page.map((sticker) => (
            <article key={sticker.sscc} className="sticker" aria-label={`彩贴 ${sticker.poNo} 第 ${sticker.cartonNo} 箱`}>
              <div className="sticker-band" style={{ background: sticker.fill, fontSize: small ? '3mm' : '6mm' }}>
                {sticker.colourKey}
              </div>
              <div className="sticker-text" style={{ fontSize: small ? '2.2mm' : '3.4mm' }}>
                <div>
                  <b>PO {sticker.poNo}</b> · CTN {sticker.cartonNo} / {sticker.cartonTotal}
                </div>
                <div>
                  {sticker.styleNo} · {sticker.colour}
                </div>
                <div>{sticker.sizes}</div>
                <div>{sticker.destination}</div>
              </div>
              <Barcode
                sscc={sticker.sscc}
                text={sticker.ssccText}
                height={small ? '7mm' : '18mm'}
                fontSize={small ? '2.2mm' : '3.4mm'}
              />
            </article>
          ))}
        </section>
      ))}
    </div>
  );
}
