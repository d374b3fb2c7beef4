import { act, render, screen } from '@testing-library/react';
import React from 'react';
import { reloadAuthorized, setAuthority } from '@/utils/authority';
import UtilsAuthorized from '@/utils/Authorized';
import RenderAuthorized, {
  check,
  checkPermissions,
  NOT_AUTHORIZED_TEXT,
  PromiseRender,
  Secured,
  type AuthorityRequirement,
} from './index';

const OK = 'ok';
const DENIED = 'denied';

beforeEach(() => {
  localStorage.clear();
  reloadAuthorized();
});

/** A promise with its resolve/reject at hand, to observe the pending state. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const spinner = (container: HTMLElement) => container.querySelector('.ant-spin.ant-spin-lg');

describe('checkPermissions', () => {
  test.each<[string, AuthorityRequirement]>([
    ['undefined', undefined],
    ['null', null],
    ['an empty string', ''],
    ['an empty list', []],
  ])('no requirement (%s) allows, even without any authority', (_, requirement) => {
    expect(checkPermissions(requirement, [], OK, DENIED)).toBe(OK);
  });

  test('a list allows when any current authority is in it', () => {
    expect(checkPermissions(['user', 'documentClerk'], ['inspector', 'user'], OK, DENIED)).toBe(OK);
    expect(checkPermissions(['user', 'documentClerk'], ['inspector'], OK, DENIED)).toBe(DENIED);
    expect(checkPermissions(['user'], [], OK, DENIED)).toBe(DENIED);
  });

  test('a string must equal one current authority', () => {
    expect(checkPermissions('inspector', ['user', 'inspector'], OK, DENIED)).toBe(OK);
    expect(checkPermissions('inspector', ['user'], OK, DENIED)).toBe(DENIED);
    expect(checkPermissions('user', ['username'], OK, DENIED)).toBe(DENIED);
  });

  test('a single current authority string is compared like a one-item list', () => {
    expect(checkPermissions(['user'], 'user', OK, DENIED)).toBe(OK);
    expect(checkPermissions('user', 'inspector', OK, DENIED)).toBe(DENIED);
  });

  test('a function decides, receiving the current authority', () => {
    const allow = jest.fn((current: string[]) => current.includes('documentClerk'));
    expect(checkPermissions(allow, ['documentClerk'], OK, DENIED)).toBe(OK);
    expect(allow).toHaveBeenCalledWith(['documentClerk']);
    expect(checkPermissions(allow, ['user'], OK, DENIED)).toBe(DENIED);
  });

  test('a promise renders PromiseRender', () => {
    const promise = Promise.resolve(true);
    const element = checkPermissions(promise, ['user'], OK, DENIED) as React.ReactElement;
    expect(element.type).toBe(PromiseRender);
    expect(element.props).toMatchObject({ promise, ok: OK, error: DENIED });
  });

  test('a function returning a promise renders PromiseRender with that promise', () => {
    const promise = Promise.resolve(true);
    const element = checkPermissions(() => promise, ['user'], OK, DENIED) as React.ReactElement;
    expect(element.type).toBe(PromiseRender);
    expect(element.props.promise).toBe(promise);
  });

  test.each<[string, unknown]>([
    ['a number', 42],
    ['an object', { role: 'user' }],
    ['a boolean', true],
  ])('any other kind (%s) throws', (_, requirement) => {
    expect(() => checkPermissions(requirement as AuthorityRequirement, ['user'], OK, DENIED)).toThrow(
      new Error('unsupported parameters'),
    );
  });
});

describe('check', () => {
  test('checks against the stored authority', () => {
    setAuthority('documentClerk');
    expect(check(['documentClerk'], OK, DENIED)).toBe(OK);
    expect(check('user', OK, DENIED)).toBe(DENIED);
    setAuthority(['user']);
    expect(check('user', OK, DENIED)).toBe(OK);
  });

  test('throws for an unsupported requirement', () => {
    expect(() => check(Symbol('x') as unknown as AuthorityRequirement, OK, DENIED)).toThrow('unsupported parameters');
  });
});

describe('PromiseRender', () => {
  test('shows a large spinner while pending, then the allowed content', async () => {
    const { promise, resolve } = deferred<boolean>();
    const { container } = render(<PromiseRender promise={promise} ok={<p>内容</p>} error={<p>无权限</p>} />);
    expect(spinner(container)).toBeInTheDocument();
    expect(screen.queryByText('内容')).not.toBeInTheDocument();
    await act(async () => resolve(true));
    expect(screen.getByText('内容')).toBeInTheDocument();
    expect(spinner(container)).not.toBeInTheDocument();
  });

  test('shows the exception when the promise rejects', async () => {
    const { promise, reject } = deferred<boolean>();
    const { container } = render(<PromiseRender promise={promise} ok={<p>内容</p>} error={<p>无权限</p>} />);
    expect(spinner(container)).toBeInTheDocument();
    await act(async () => reject(new Error('no')));
    expect(screen.getByText('无权限')).toBeInTheDocument();
    expect(screen.queryByText('内容')).not.toBeInTheDocument();
  });

  test('a promise resolving to false denies', async () => {
    render(<PromiseRender promise={Promise.resolve(false)} ok={<p>内容</p>} error={<p>无权限</p>} />);
    expect(await screen.findByText('无权限')).toBeInTheDocument();
  });

  test('a new promise starts pending again', async () => {
    const first = Promise.resolve(true);
    const { container, rerender } = render(<PromiseRender promise={first} ok="内容" error="无权限" />);
    expect(await screen.findByText('内容')).toBeInTheDocument();
    const second = deferred<boolean>();
    rerender(<PromiseRender promise={second.promise} ok="内容" error="无权限" />);
    expect(spinner(container)).toBeInTheDocument();
    await act(async () => second.reject(new Error('no')));
    expect(screen.getByText('无权限')).toBeInTheDocument();
  });
});

describe('<Authorized>', () => {
  test('renders the children when allowed', () => {
    setAuthority('user');
    render(
      <RenderAuthorized authority={['user', 'inspector']} noMatch={<p>无权限</p>}>
        <p>装箱单</p>
      </RenderAuthorized>,
    );
    expect(screen.getByText('装箱单')).toBeInTheDocument();
    expect(screen.queryByText('无权限')).not.toBeInTheDocument();
  });

  test('renders noMatch when denied', () => {
    setAuthority('inspector');
    render(
      <RenderAuthorized authority="documentClerk" noMatch={<p>无权限</p>}>
        <p>订舱单</p>
      </RenderAuthorized>,
    );
    expect(screen.getByText('无权限')).toBeInTheDocument();
    expect(screen.queryByText('订舱单')).not.toBeInTheDocument();
  });

  test('by default a denied user sees the 403 result in Chinese', async () => {
    render(
      <RenderAuthorized authority="documentClerk">
        <p>订舱单</p>
      </RenderAuthorized>,
    );
    // antd's Result loads when first shown (components/PageResult).
    expect(await screen.findByText(NOT_AUTHORIZED_TEXT)).toBeInTheDocument();
    expect(NOT_AUTHORIZED_TEXT).toBe('抱歉，你无权访问此页面。');
    expect(screen.getByText('403')).toBeInTheDocument();
  });

  test('re-evaluates after setAuthority, without remounting', () => {
    const mounts = jest.fn();
    const Page = () => {
      React.useEffect(() => mounts(), []);
      return <p>验针</p>;
    };
    render(
      <UtilsAuthorized authority={['inspector']} noMatch={<p>无权限</p>}>
        <Page />
      </UtilsAuthorized>,
    );
    expect(screen.getByText('无权限')).toBeInTheDocument();

    act(() => setAuthority(['inspector']));
    expect(screen.getByText('验针')).toBeInTheDocument();
    expect(mounts).toHaveBeenCalledTimes(1);

    act(() => setAuthority('user'));
    expect(screen.getByText('无权限')).toBeInTheDocument();
  });

  test('a promise requirement shows the spinner, then the children', async () => {
    const { promise, resolve } = deferred<boolean>();
    const { container } = render(
      <RenderAuthorized authority={promise} noMatch={<p>无权限</p>}>
        <p>提单</p>
      </RenderAuthorized>,
    );
    expect(spinner(container)).toBeInTheDocument();
    await act(async () => resolve(true));
    expect(screen.getByText('提单')).toBeInTheDocument();
  });

  test('a function requirement receives the stored authority', () => {
    setAuthority(['documentClerk']);
    const decide = jest.fn(() => true);
    render(
      <RenderAuthorized authority={decide}>
        <p>报关交接</p>
      </RenderAuthorized>,
    );
    expect(screen.getByText('报关交接')).toBeInTheDocument();
    expect(decide).toHaveBeenCalledWith(['documentClerk']);
  });

  test('carries Secured, check and checkPermissions, like Ant Design Pro', () => {
    expect(UtilsAuthorized).toBe(RenderAuthorized);
    expect(RenderAuthorized.Secured).toBe(Secured);
    expect(RenderAuthorized.check).toBe(check);
    expect(RenderAuthorized.checkPermissions).toBe(checkPermissions);
  });

  test('an unsupported requirement surfaces its error', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<RenderAuthorized authority={3 as unknown as AuthorityRequirement}>x</RenderAuthorized>)).toThrow(
      'unsupported parameters',
    );
    spy.mockRestore();
  });
});

describe('Secured', () => {
  const Settings: React.FC<{ section: string }> = ({ section }) => <p>订舱设置：{section}</p>;

  test.each<[string, AuthorityRequirement]>([
    ['undefined', undefined],
    ['null', null],
    ['an empty string', ''],
    ['an empty list', []],
  ])('throws when the authority is missing (%s)', (_, authority) => {
    expect(() => Secured(authority)).toThrow(new Error('authority is required'));
  });

  test('renders the component with its props when allowed', () => {
    setAuthority('documentClerk');
    const SecuredSettings = Secured('documentClerk')(Settings);
    render(<SecuredSettings section="柜型" />);
    expect(screen.getByText('订舱设置：柜型')).toBeInTheDocument();
  });

  test('renders the 403 result by default, or the given error, when denied', async () => {
    setAuthority('user');
    const { unmount } = render(React.createElement(Secured(['documentClerk'])(Settings), { section: '柜型' }));
    expect(await screen.findByText(NOT_AUTHORIZED_TEXT)).toBeInTheDocument();
    unmount();
    const WithError = Secured('documentClerk', <p>仅单证员</p>)(Settings);
    render(<WithError section="柜型" />);
    expect(screen.getByText('仅单证员')).toBeInTheDocument();
    expect(screen.queryByText('订舱设置：柜型')).not.toBeInTheDocument();
  });

  test('follows a change of authority', () => {
    const SecuredSettings = Secured('documentClerk', <p>仅单证员</p>)(Settings);
    render(<SecuredSettings section="港口" />);
    expect(screen.getByText('仅单证员')).toBeInTheDocument();
    act(() => setAuthority('documentClerk'));
    expect(screen.getByText('订舱设置：港口')).toBeInTheDocument();
  });

  test('a promise guard shows the spinner, then the error when rejected', async () => {
    const { promise, reject } = deferred<boolean>();
    const SecuredSettings = Secured(promise, <p>仅单证员</p>)(Settings);
    const { container } = render(<SecuredSettings section="港口" />);
    expect(spinner(container)).toBeInTheDocument();
    await act(async () => reject(new Error('no')));
    expect(screen.getByText('仅单证员')).toBeInTheDocument();
  });

  test('names the guarded component', () => {
    expect(Secured('user')(Settings).displayName).toBe('Secured(Settings)');
  });
});
