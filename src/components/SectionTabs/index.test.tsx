import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import SectionTabs from '.';

function Typed({ label }: { label: string }) {
  const [value, setValue] = useState('');
  return <input aria-label={label} value={value} onChange={(event) => setValue(event.target.value)} />;
}

const items = ['甲', '乙', '丙'].map((name) => ({ key: name, label: `${name}页`, children: <Typed label={`${name}栏`} /> }));

test('shows the first section, another on a click, and keeps what was typed in the one left', () => {
  render(<SectionTabs items={items} />);
  expect(screen.getByRole('tab', { name: '甲页' })).toHaveAttribute('aria-selected', 'true');
  fireEvent.change(screen.getByLabelText('甲栏'), { target: { value: '已填' } });
  fireEvent.click(screen.getByRole('tab', { name: '乙页' }));
  expect(screen.getByRole('tabpanel')).toHaveAccessibleName('乙页');
  expect(screen.queryByRole('textbox', { name: '甲栏' })).toBeNull();
  fireEvent.click(screen.getByRole('tab', { name: '甲页' }));
  expect(screen.getByRole('textbox', { name: '甲栏' })).toHaveValue('已填');
});

test('moves between tabs with the arrow keys, Home and End, focus following', () => {
  render(<SectionTabs items={items} />);
  const first = screen.getByRole('tab', { name: '甲页' });
  fireEvent.keyDown(first, { key: 'ArrowLeft' });
  expect(screen.getByRole('tab', { name: '丙页' })).toHaveFocus();
  expect(screen.getByRole('tab', { name: '丙页' })).toHaveAttribute('aria-selected', 'true');
  fireEvent.keyDown(screen.getByRole('tab', { name: '丙页' }), { key: 'Home' });
  expect(first).toHaveAttribute('aria-selected', 'true');
  fireEvent.keyDown(first, { key: 'End' });
  expect(screen.getByRole('tab', { name: '丙页' })).toHaveAttribute('tabindex', '0');
  expect(first).toHaveAttribute('tabindex', '-1');
});
