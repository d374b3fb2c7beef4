import { message } from 'antd';
import { performAction } from './performAction';

jest.mock('umi', () => ({ history: { push: jest.fn(), replace: jest.fn() } }));
const success = jest.spyOn(message, 'success').mockImplementation(() => undefined as never);

describe('performAction: every action says whether it worked', () => {
  beforeEach(() => success.mockClear());

  it('shows the success text, made from the answer when it is a function', async () => {
    await performAction(Promise.resolve({ key: 'LB00000001' }), (done) => `散货订舱 ${done.key} 已取消`);
    expect(success).toHaveBeenCalledWith('散货订舱 LB00000001 已取消');
    await performAction(Promise.resolve({}), '已确认验针');
    expect(success).toHaveBeenLastCalledWith('已确认验针');
  });

  it('says nothing of success when the call was refused (request.ts has shown the error)', async () => {
    const outcome = await performAction(Promise.resolve(undefined), '已确认');
    expect(outcome.ok).toBe(false);
    expect(success).not.toHaveBeenCalled();
  });
});
