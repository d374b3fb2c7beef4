import { act, fireEvent, render, screen } from '@testing-library/react';
import { Form, Input, message, notification } from 'antd';
import { useFormSave } from './useFormSave';

jest.mock('umi', () => ({ history: { push: jest.fn(), replace: jest.fn() } }));
jest.spyOn(message, 'success').mockImplementation(() => undefined as never);
const destroyed = jest.spyOn(notification, 'destroy');
// antd's form draws its first time slowly in jsdom, slower still beside the other test workers on 2 cores.
jest.setTimeout(30_000);

/** A refusal as umi-request rejects with it, after request.ts has handled it. */
const refused = (status: number, body: object) =>
  Promise.reject(Object.assign(new Error(`${status}`), { response: { status }, data: { success: false, ...body } }));

/** A dialog's form with one field; `calls` answers each save in turn and records the version each one sent. */
function SealForm({
  calls,
  reread,
  showLatest,
}: {
  calls: ((version?: number) => Promise<unknown>)[];
  reread?: () => Promise<{ version: number; sealNo: string; tareKg: string }>;
  showLatest?: () => void;
}) {
  const [form] = Form.useForm<{ sealNo: string }>();
  const { save, notice, version } = useFormSave(form, reread, 3, showLatest);
  return (
    <Form form={form} onFinish={() => save(calls.shift()!(version), '已保存', () => undefined)}>
      {notice}
      <Form.Item name="sealNo" label="封号">
        <Input />
      </Form.Item>
      <Form.Item name="tareKg" label="皮重">
        <Input />
      </Form.Item>
      <button type="submit">保存</button>
    </Form>
  );
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('useFormSave: a refusal is never silent, a version never stays stale', () => {
  it('says a 409 in the dialog, reads the record again and saves with its new version, keeping what was typed', async () => {
    const sent: (number | undefined)[] = [];
    const conflict = (version?: number) => {
      sent.push(version);
      return refused(409, { errorCode: 'VERSION_CONFLICT', errorMessage: '柜 CT00000003 已被他人修改，请刷新后重试' });
    };
    const saved = (version?: number) => {
      sent.push(version);
      return Promise.resolve({ key: 'CT00000003' });
    };
    const reread = jest.fn(async () => ({ version: 5, sealNo: 'SEAL-OTHER', tareKg: '3750' }));
    render(<SealForm calls={[conflict, saved]} reread={reread} />);
    fireEvent.change(screen.getByLabelText('封号'), { target: { value: 'SEAL-1' } });
    await submit();

    expect(screen.getByRole('alert')).toHaveTextContent('柜 CT00000003 已被他人修改，请刷新后重试');
    expect(screen.getByRole('alert')).toHaveTextContent('您填写的内容已保留');
    // One message for one refusal: request.ts's notification of the 409 is taken away.
    expect(destroyed).toHaveBeenCalledWith('conflict');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '载入最新数据' }));
    });
    expect(reread).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('已载入最新数据（版本 5），您填写的内容已保留，请核对后再保存。');
    // What was typed stays; what was not takes the record's new value.
    expect(screen.getByLabelText('封号')).toHaveValue('SEAL-1');
    expect(screen.getByLabelText('皮重')).toHaveValue('3750');

    await submit();
    expect(sent).toEqual([3, 5]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a 409 without a way to read again says to close and reload', async () => {
    render(<SealForm calls={[() => refused(409, { errorCode: 'INVALID_STATE', errorMessage: '计划已确认，不能修改' })]} />);
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('计划已确认，不能修改请关闭后刷新页面再试。');
    expect(screen.queryByRole('button', { name: '载入最新数据' })).toBeNull();
  });

  it('a 409 of a record that moved on offers to close and show it as it now is, not to read it again', async () => {
    const showLatest = jest.fn();
    const rejected = () =>
      refused(409, { errorCode: 'INVALID_STATE', errorMessage: '订舱单 BO00000008 当前为「已拒绝」，不能订舱' });
    render(<SealForm calls={[rejected]} reread={async () => ({ version: 4, sealNo: '', tareKg: '' })} showLatest={showLatest} />);
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(
      '当前为「已拒绝」，不能订舱该记录已有新的进展，本次填写的内容不能再保存。',
    );
    expect(screen.queryByRole('button', { name: '载入最新数据' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '关闭并查看最新状态' }));
    expect(showLatest).toHaveBeenCalledTimes(1);
  });

  it("lists a 422's messages for fields the form does not have; those it has stand under their fields", async () => {
    const invalid = () =>
      refused(422, {
        errorCode: 'VALIDATION_FAILED',
        errorMessage: '提交的数据有误',
        fields: { sealNo: '封号不能含空格', vgmKg: 'VGM 不能小于皮重' },
      });
    render(<SealForm calls={[invalid]} />);
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('提交未成功VGM 不能小于皮重');
    expect(screen.getByRole('alert')).not.toHaveTextContent('封号不能含空格');
    expect(await screen.findByText('封号不能含空格')).toBeInTheDocument();
  });

  it('a 409 that names a field (a number another record has) stands under that field, not as a stale version', async () => {
    const taken = () =>
      refused(409, {
        errorCode: 'CONTAINER_NO_TAKEN',
        errorMessage: '箱号 CSQU3054383 已用于柜 CT00000001',
        fields: { sealNo: '箱号 CSQU3054383 已用于柜 CT00000001' },
      });
    render(<SealForm calls={[taken]} reread={async () => ({ version: 4, sealNo: '', tareKg: '' })} />);
    await submit();
    expect(await screen.findByText('箱号 CSQU3054383 已用于柜 CT00000001')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '载入最新数据' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
