import { monthFreightOf } from '@contract/home/codes';
import { render, screen, within } from '@testing-library/react';
import MonthFreight from './MonthFreight';

describe('本月运费', () => {
  it('lists the POs of the most freight first with their pieces and CNY a piece, under the month’s whole', () => {
    const pos = Array.from({ length: 12 }, (_, i) => ({ poNo: `PO-${i + 1}`, cnyCents: (i + 1) * 10_000, pieces: 100 }));
    render(<MonthFreight freight={monthFreightOf('2026-12', [...pos, { poNo: 'PO-X', cnyCents: null, pieces: 5 }])} />);
    const rows = within(screen.getByRole('table', { name: '本月运费' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['PO-X', '5', '缺汇率', '缺汇率'],
      ...[12, 11, 10, 9, 8, 7, 6, 5, 4].map((n) => [`PO-${n}`, '100', `¥${(n * 100).toLocaleString('en-US')}.00`, `¥${n}.00`]),
    ]);
    expect(screen.getByText(/2026-12 开船/).textContent).toContain('运费最多的 10 个 PO（共 13 个）');
  });

  it('gives the whole and a piece when every rate is known', () => {
    render(<MonthFreight freight={monthFreightOf('2026-12', [{ poNo: 'PO-1', cnyCents: 123_456, pieces: 1000 }])} />);
    const text = screen.getByText(/2026-12 开船/).textContent;
    expect(text).toContain('运费合计 ¥1,234.56');
    expect(text).toContain('每件 ¥1.23');
  });
});
