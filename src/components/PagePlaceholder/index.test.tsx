import { render, screen } from '@testing-library/react';
import PagePlaceholder from './index';

test('shows the page title and its empty state', () => {
  render(<PagePlaceholder title="装箱单" description="上传与维护装箱明细" />);
  expect(screen.getAllByText('装箱单').length).toBeGreaterThan(0);
  expect(screen.getByText('上传与维护装箱明细')).toBeInTheDocument();
});
