import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import LazyDialog from './index';

test('renders nothing and loads nothing until first opened, then stays mounted', async () => {
  const load = jest.fn(async () => ({
    default: ({ open }: { open: boolean }) => <div>{open ? '对话框打开' : '对话框关闭'}</div>,
  }));
  const Dialog = lazy(load);
  const view = (open: boolean) => (
    <LazyDialog open={open}>
      <Dialog open={open} />
    </LazyDialog>
  );
  const { rerender, container } = render(view(false));
  expect(container).toBeEmptyDOMElement();
  expect(load).not.toHaveBeenCalled();

  rerender(view(true));
  expect(await screen.findByText('对话框打开')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);

  // Closed again: still mounted, so the dialog can play its closing animation.
  await act(async () => rerender(view(false)));
  expect(screen.getByText('对话框关闭')).toBeInTheDocument();
});
