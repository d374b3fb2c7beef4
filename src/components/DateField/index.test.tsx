import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import DateField, { DateRangeField } from './index';
import DateInput from './DateInput';

describe('DateInput', () => {
  it('shows the contract date and hands a typed day on as YYYY-MM-DD', () => {
    const onChange = jest.fn();
    render(<DateInput id="etd" value="2026-11-20" onChange={onChange} />);
    const input = screen.getByRole('textbox');
    expect(input).toHaveValue('2026-11-20');
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: '2026-12-03' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith('2026-12-03');
  });

  it('greys out the days after `max` in its calendar', () => {
    render(<DateInput value="2026-11-20" max="2026-11-25" />);
    fireEvent.click(screen.getByRole('textbox'));
    const cell = (day: string) => document.querySelector(`td[title="${day}"]`);
    expect(cell('2026-11-25')).not.toHaveClass('ant-picker-cell-disabled');
    expect(cell('2026-11-26')).toHaveClass('ant-picker-cell-disabled');
  });
});

/** The picker's input, once its code is in (the stand-in before it is a plain input). */
const loadedPicker = () =>
  waitFor(() => {
    const input = document.querySelector('.ant-picker input');
    if (!input) throw new Error('the picker is not in yet');
    return input;
  });

describe('DateField', () => {
  it('is a plain input until focused, then the picker with the same id, focused and open', async () => {
    render(<DateField id="etdFrom" />);
    const placeholder = screen.getByRole('textbox');
    expect(placeholder).toHaveAttribute('readonly');
    expect(document.querySelector('.ant-picker')).toBeNull();
    await act(async () => placeholder.focus());
    const picker = await loadedPicker();
    expect(picker).toHaveAttribute('id', 'etdFrom');
    expect(picker).toHaveFocus();
    expect(document.querySelector('.ant-picker-dropdown td[title]')).not.toBeNull();
  });

  it('loads the picker when the pointer comes, without opening its calendar', async () => {
    render(<DateField id="etdFrom" />);
    fireEvent.mouseEnter(screen.getByRole('textbox').parentElement as HTMLElement);
    await loadedPicker();
    expect(document.querySelector('.ant-picker-dropdown')).toBeNull();
  });

  it('opens with the picker when it already holds a date', async () => {
    render(<DateField id="etdTo" value="2026-12-31" />);
    expect(await screen.findByDisplayValue('2026-12-31')).toHaveAttribute('id', 'etdTo');
  });

  it('shows a date set after it was drawn (a form filled in later), in the picker', async () => {
    const { rerender } = render(<DateField id="etdFrom" />);
    rerender(<DateField id="etdFrom" value="2026-12-01" />);
    expect(await screen.findByDisplayValue('2026-12-01')).toHaveAttribute('id', 'etdFrom');
  });

  it('stands in for the range picker the same way', async () => {
    render(<DateRangeField id="period" />);
    await act(async () => screen.getByPlaceholderText('开始日期 → 结束日期').focus());
    expect(await loadedPicker()).toHaveFocus();
    expect(document.querySelector('.ant-picker-range')).not.toBeNull();
    expect(document.querySelector('.ant-picker-dropdown td[title]')).not.toBeNull();
  });
});
