import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import CheckList from './index';

const options = [
  { value: 'CT1', label: 'TGHU0815232' },
  { value: 'CT2', label: 'MSKU1234565' },
  { value: 'CT3', label: 'CSQU3054383' },
];

function Harness({ onChange }: { onChange: (value: string[]) => void }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <CheckList
      vertical
      options={options}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

test('ticks and unticks boxes, keeping the options’ order whatever the order of the clicks', () => {
  const onChange = jest.fn();
  render(<Harness onChange={onChange} />);
  fireEvent.click(screen.getByRole('checkbox', { name: 'CSQU3054383' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'TGHU0815232' }));
  expect(onChange).toHaveBeenLastCalledWith(['CT1', 'CT3']);
  expect(screen.getByRole('checkbox', { name: 'TGHU0815232' })).toBeChecked();
  fireEvent.click(screen.getByRole('checkbox', { name: 'CSQU3054383' }));
  expect(onChange).toHaveBeenLastCalledWith(['CT1']);
  expect(screen.getByRole('checkbox', { name: 'CSQU3054383' })).not.toBeChecked();
});

test('a box shown a moment ago takes the first click (no registration step to wait for)', () => {
  const onChange = jest.fn();
  const { rerender } = render(<CheckList options={[]} value={[]} onChange={onChange} />);
  rerender(<CheckList options={options.slice(1)} value={[]} onChange={onChange} />);
  fireEvent.click(screen.getByRole('checkbox', { name: 'MSKU1234565' }));
  expect(onChange).toHaveBeenCalledWith(['CT2']);
});
