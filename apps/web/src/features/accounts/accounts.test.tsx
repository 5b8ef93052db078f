import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderApp, siteData, user } from '../../test/render.tsx';

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers API calls by "METHOD path"; page views and anything else get a 204. */
function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = routes[`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`];
    return handler ? handler(init) : new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const callsTo = (fetchMock: ReturnType<typeof mockApi>, path: string) => fetchMock.mock.calls.filter(([u]) => String(u).startsWith(path));

const type = (label: RegExp | string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

beforeEach(async () => {
  await i18n.changeLanguage('ko');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login page (SPEC §2, §7, §8)', () => {
  it('posts the form fields, sets the current user and returns to the redirect query', async () => {
    const me = user({ is_premium: false });
    const fetchMock = mockApi({ 'POST /accounts/login/': () => json(200, { user: me }) });
    const { router, client } = renderApp('/login/?redirect=%2Fupload%2F%3Fx%3D1');
    await screen.findByRole('heading', { name: '로그인' });
    type('이메일', 'min@example.com');
    type('비밀번호', 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/upload/'));
    expect(router.state.location.search).toBe('?x=1');
    const [, init] = callsTo(fetchMock, '/accounts/login/')[0];
    expect((init?.headers as Record<string, string> | undefined)?.['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(String(init?.body)).toBe('email=min%40example.com&password=Secret123');
    expect((client.getQueryData(['site']) as { user: { id: number } }).user.id).toBe(me.id);
  });

  it("shows '아이디 또는 비밀번호를 확인해주세요.' on a failed login and stays", async () => {
    mockApi({ 'POST /accounts/login/': () => json(400, { non_field_errors: ['아이디 또는 비밀번호를 확인해주세요.'] }) });
    const { router } = renderApp('/login/');
    await screen.findByRole('heading', { name: '로그인' });
    type('이메일', 'min@example.com');
    type('비밀번호', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByText('아이디 또는 비밀번호를 확인해주세요.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/');
  });

  it('shows the rate-limit message of a 429 and requires both fields before calling', async () => {
    const fetchMock = mockApi({ 'POST /accounts/login/': () => json(429, { detail: '로그인 시도가 너무 많습니다. 15분 후에 다시 시도하세요.' }) });
    renderApp('/login/');
    await screen.findByRole('heading', { name: '로그인' });
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findAllByText('필수 항목입니다.')).toHaveLength(2);
    expect(callsTo(fetchMock, '/accounts/login/')).toHaveLength(0);
    type('이메일', 'min@example.com');
    type('비밀번호', 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByText('로그인 시도가 너무 많습니다. 15분 후에 다시 시도하세요.')).toBeInTheDocument();
  });

  it("links 'Forget It?' to the reset request and never redirects off-site", async () => {
    mockApi({ 'POST /accounts/login/': () => json(200, { user: user() }) });
    const { router } = renderApp('/login/?redirect=//evil.example/');
    expect(await screen.findByRole('link', { name: 'Forget It?' })).toHaveAttribute('href', '/accounts/password/reset/');
    type('이메일', 'min@example.com');
    type('비밀번호', 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('sign-up page (SPEC §2, §5, §8)', () => {
  const fill = () => {
    type('이메일', 'new@example.com');
    type('비밀번호', 'Secret123');
    type('비밀번호 확인', 'Secret123');
    type('이름', '홍길동');
    type('사용자 이름 (URL)', 'hong.gil');
    type('생년월일', '1995-05-05');
    fireEvent.change(screen.getByLabelText('성별'), { target: { value: 'Male' } });
  };

  it("blocks a mismatch with '비밀번호가 일치하지 않습니다.'", async () => {
    const fetchMock = mockApi({});
    renderApp('/signup/');
    await screen.findByRole('heading', { name: '회원가입' });
    fill();
    type('비밀번호 확인', 'Secret124');
    fireEvent.click(screen.getByRole('button', { name: '가입하기' }));
    expect(await screen.findByText('비밀번호가 일치하지 않습니다.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/v1/users/')).toHaveLength(0);
  });

  it('shows each server field message under its field', async () => {
    mockApi({
      'POST /api/v1/users/': () =>
        json(400, {
          username: ['사용할 수 없는 사용자 이름입니다.'],
          password: ['비밀번호에 숫자를 1개 이상 포함하세요.'],
          email: ['이미 가입된 이메일입니다.'],
        }),
    });
    renderApp('/signup/');
    await screen.findByRole('heading', { name: '회원가입' });
    fill();
    fireEvent.click(screen.getByRole('button', { name: '가입하기' }));
    expect(await screen.findByText('사용할 수 없는 사용자 이름입니다.')).toHaveAttribute('id', 'signup-username-error');
    expect(screen.getByText('비밀번호에 숫자를 1개 이상 포함하세요.')).toHaveAttribute('id', 'signup-password-error');
    expect(screen.getByText('이미 가입된 이메일입니다.')).toHaveAttribute('id', 'signup-email-error');
    expect(screen.getByLabelText('사용자 이름 (URL)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the SPEC §7 payload, logs the user in and goes home', async () => {
    const created = user({ name: '홍길동', is_premium: false });
    const fetchMock = mockApi({ 'POST /api/v1/users/': () => json(201, created) });
    const { router } = renderApp('/signup/');
    await screen.findByRole('heading', { name: '회원가입' });
    fill();
    fireEvent.click(screen.getByRole('button', { name: '가입하기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [, init] = callsTo(fetchMock, '/api/v1/users/')[0];
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'new@example.com',
      password: 'Secret123',
      name: '홍길동',
      phone: '',
      username: 'hong.gil',
      date_of_birth: '1995-05-05',
      gender: 'Male',
      categories: [],
    });
    expect(await screen.findByRole('link', { name: 'UPLOAD' })).toBeInTheDocument();
  });

  it('reads in English too', async () => {
    await i18n.changeLanguage('en');
    mockApi({});
    renderApp('/signup/');
    expect(await screen.findByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password confirmation')).toBeInTheDocument();
    const legal = screen.getByText(/By signing up you agree/);
    expect(within(legal).getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', 'https://t.example');
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', 'https://p.example');
  });
});

describe('password pages (SPEC §4, §5)', () => {
  it('password change: a mismatch blocks submit and focuses the confirmation', async () => {
    const fetchMock = mockApi({});
    renderApp('/accounts/password/', siteData({ user: user() }));
    await screen.findByRole('heading', { name: '비밀번호 변경' });
    type('기존 비밀번호', 'Secret123');
    type('새 비밀번호', 'Another123');
    type('새 비밀번호 확인', 'Another124');
    fireEvent.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(await screen.findByText('비밀번호가 일치하지 않습니다.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('새 비밀번호 확인')).toHaveFocus());
    expect(callsTo(fetchMock, '/api/v1/users/7/password_change/')).toHaveLength(0);
  });

  it('password change: the server’s field messages focus the first invalid field on the page (issue #29.8)', async () => {
    // The server names the new password first; the form shows the old one first.
    mockApi({
      'POST /api/v1/users/7/password_change/': () => json(400, { password: ['너무 짧습니다.'], old_password: ['기존 비밀번호가 올바르지 않습니다.'] }),
    });
    renderApp('/accounts/password/', siteData({ user: user() }));
    await screen.findByRole('heading', { name: '비밀번호 변경' });
    type('기존 비밀번호', 'Secret123');
    type('새 비밀번호', 'Another123');
    type('새 비밀번호 확인', 'Another123');
    fireEvent.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(await screen.findByText('기존 비밀번호가 올바르지 않습니다.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('기존 비밀번호')).toHaveFocus());
  });

  it('reset confirm: moves from form to expired on a 400 with a token field', async () => {
    mockApi({ 'POST /api/v1/users/reset/': () => json(400, { token: ['invalid'] }) });
    renderApp('/accounts/reset/Nw/abc-def/');
    await screen.findByRole('heading', { name: '새 비밀번호 설정' });
    type('새 비밀번호', 'Another123');
    type('새 비밀번호 확인', 'Another123');
    fireEvent.click(screen.getByRole('button', { name: '비밀번호 설정' }));
    expect(await screen.findByText(/비밀번호 재설정 링크가 유효하지 않습니다/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '새 링크 요청하기' })).toHaveAttribute('href', '/accounts/password/reset/');
  });

  it('reset request: shows the success text', async () => {
    mockApi({ 'POST /api/v1/users/password_reset/': () => json(200, { detail: 'ok' }) });
    renderApp('/accounts/password/reset/');
    await screen.findByRole('heading', { name: '비밀번호 재설정' });
    type('이메일', 'min@example.com');
    fireEvent.click(screen.getByRole('button', { name: '재설정 메일 보내기' }));
    expect(await screen.findByText('비밀번호 재설정 안내를 이메일로 보냈습니다. 받은편지함을 확인하세요.')).toBeInTheDocument();
  });
});

describe('logout page (issue #36: a POST with the CSRF header, never a link)', () => {
  it('asks before logging out, posts with the CSRF header, and says so when it fails', async () => {
    document.cookie = 'csrftoken=logout-token-0123456789abcdef0123456789';
    const fetchMock = mockApi({ 'POST /accounts/logout/': () => json(403, { detail: 'CSRF 검증에 실패했습니다. 페이지를 새로고침하세요.' }) });
    const { router } = renderApp('/accounts/logout/', siteData({ user: user() }));
    await screen.findByRole('heading', { name: '로그아웃' });
    expect(callsTo(fetchMock, '/accounts/logout/')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '로그아웃' }));
    expect(await screen.findByText('로그아웃하지 못했습니다. 다시 시도해 주세요.')).toBeInTheDocument();
    const [, init] = callsTo(fetchMock, '/accounts/logout/')[0];
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string> | undefined)?.['X-CSRFToken']).toBe('logout-token-0123456789abcdef0123456789');
    expect(router.state.location.pathname).toBe('/accounts/logout/');
  });
});

describe('e-mail confirmation (issue #33.7)', () => {
  const TOKEN = `7-abc-${'s'.repeat(43)}`;
  it('the settings say the address is not confirmed and send the link again, with the server’s answer and its limit (ko)', async () => {
    let calls = 0;
    const fetchMock = mockApi({
      'POST /api/v1/users/me/confirm-email/': () =>
        ++calls === 1
          ? json(200, { detail: '인증 메일을 min@example.com 주소로 보냈습니다. 메일의 링크를 열어 주세요.' })
          : json(429, { detail: '인증 메일 요청이 너무 많습니다. 60분 후에 다시 시도하세요.' }),
    });
    renderApp('/accounts/', siteData({ user: user({ email_confirmed: false }) }));
    const box = await screen.findByTestId('email-unconfirmed', undefined, { timeout: 5000 });
    expect(box).toHaveTextContent('이메일 주소가 아직 인증되지 않았습니다.');
    fireEvent.click(within(box).getByRole('button', { name: '인증 메일 다시 보내기' }));
    expect(await within(box).findByText('인증 메일을 min@example.com 주소로 보냈습니다. 메일의 링크를 열어 주세요.')).toBeInTheDocument();
    fireEvent.click(within(box).getByRole('button', { name: '인증 메일 다시 보내기' }));
    expect(await within(box).findByText('인증 메일 요청이 너무 많습니다. 60분 후에 다시 시도하세요.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/v1/users/me/confirm-email/')).toHaveLength(2);
  });

  it('the settings of a confirmed account say so and offer nothing to send (en)', async () => {
    await i18n.changeLanguage('en');
    mockApi({});
    renderApp('/accounts/', siteData({ user: user({ email_confirmed: true }) }));
    expect(await screen.findByTestId('email-confirmed', undefined, { timeout: 5000 })).toHaveTextContent('Your e-mail address is confirmed.');
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
  });

  it('the link’s page confirms with one POST of its token, and shows a refusal with the way to the settings', async () => {
    const fetchMock = mockApi({ 'POST /api/v1/users/confirm-email/': () => json(200, { detail: '이메일 주소가 인증되었습니다.' }) });
    const first = renderApp(`/accounts/confirm-email/${TOKEN}/`, siteData({ user: user({ email_confirmed: false }) }));
    expect(await screen.findByText('이메일 주소가 인증되었습니다.', undefined, { timeout: 5000 })).toBeInTheDocument();
    const posts = callsTo(fetchMock, '/api/v1/users/confirm-email/');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0][1]?.body))).toEqual({ token: TOKEN });
    expect(screen.getByRole('link', { name: '계정 설정' })).toHaveAttribute('href', '/accounts/');
    first.unmount();

    await i18n.changeLanguage('en');
    mockApi({
      'POST /api/v1/users/confirm-email/': () =>
        json(400, { token: ['The confirmation link is invalid or has expired. Ask for a new one in your account settings.'] }),
    });
    const refused = renderApp(`/accounts/confirm-email/${TOKEN}/`);
    expect(
      await screen.findByText('The confirmation link is invalid or has expired. Ask for a new one in your account settings.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('to-settings')).toHaveAttribute('href', '/login/?redirect=%2Faccounts%2F');
    refused.unmount();

    // A link cut short is refused with no request.
    const cut = mockApi({});
    renderApp('/accounts/confirm-email/7-abc/');
    expect(
      await screen.findByText('The confirmation link is invalid or has expired. Ask for a new one in your account settings.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(callsTo(cut, '/api/v1/users/confirm-email/')).toHaveLength(0);
  });
});
