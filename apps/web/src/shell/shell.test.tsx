import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/index.ts';
import { renderApp, siteData, user } from '../test/render.tsx';

beforeEach(() => {
  // Page views are fire-and-forget; the shell must not depend on their answer.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 204 })),
  );
});

describe('shell (SPEC §2 Shell)', () => {
  it('shows LOGIN and SIGN UP to a guest', async () => {
    renderApp('/about/');
    expect(await screen.findByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', '/login/');
    expect(screen.getByRole('link', { name: 'SIGN UP' })).toHaveAttribute('href', '/signup/');
    expect(screen.queryByRole('link', { name: 'UPLOAD' })).toBeNull();
  });

  it("opens the gallery from the mobile menu's Search with the search field focused (SPEC §2, issue #19)", async () => {
    const { router } = renderApp('/about/');
    await userEvent.click(await screen.findByRole('button', { name: /메뉴|Menu/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('link', { name: /^(검색|Search)$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gallery/all/'));
    // No query parameter that nothing reads: the wish travels as navigation state.
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /작품, 태그, 작가 검색|Search projects/ })).toHaveFocus());
  });

  it('keeps the focus the gallery gave its search box after the route change settles (issue #29)', async () => {
    renderApp('/about/');
    await userEvent.click(await screen.findByRole('button', { name: /메뉴|Menu/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('link', { name: /^(검색|Search)$/ }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /작품, 태그, 작가 검색|Search projects/ })).toHaveFocus());
    // The route change looks for the page's heading for up to 2 s: past that, the box still has the focus.
    await new Promise((r) => setTimeout(r, 2_300));
    expect(screen.getByRole('combobox', { name: /작품, 태그, 작가 검색|Search projects/ })).toHaveFocus();
  });

  it('gives focus back to the menu button when the phone menu closes with Escape (issue #29)', async () => {
    renderApp('/about/');
    const button = await screen.findByRole('button', { name: /메뉴|Menu/ });
    await userEvent.click(button);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('shows UPLOAD and the avatar menu to a logged-in user', async () => {
    renderApp('/about/', siteData({ user: user() }));
    expect(await screen.findByRole('link', { name: 'UPLOAD' })).toHaveAttribute('href', '/upload/');
    expect(await screen.findByTestId('avatar-menu')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'LOGIN' })).toBeNull();
  });

  it('sends a guest on a login-required route to /login/ with the redirect query (SPEC §2 Guard)', async () => {
    const { router } = renderApp('/upload/?from=menu');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/upload/?from=menu');
  });

  it('records a page view for each route change', async () => {
    const { router } = renderApp('/about/');
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v1/page-views/', expect.objectContaining({ method: 'POST' })));
    await router.navigate('/goodluck/');
    await waitFor(() => {
      const bodies = vi.mocked(fetch).mock.calls.map(([, init]) => String(init?.body));
      expect(bodies.some((b) => b.includes('"/goodluck/"'))).toBe(true);
    });
  });

  it('marks Discover as the current page on every gallery category', async () => {
    renderApp('/gallery/painting/');
    const main = await screen.findByRole('navigation', { name: /Main|주 메뉴/ });
    expect(within(main).getByRole('link', { name: 'Discover' })).toHaveAttribute('aria-current', 'page');
    expect(within(main).getByRole('link', { name: 'Goodluck' })).not.toHaveAttribute('aria-current');
  });

  it('names every top menu link in one language in Korean, the Following feed too (issue #29)', async () => {
    await i18n.changeLanguage('ko');
    renderApp('/about/', siteData({ user: user() }));
    const main = await screen.findByRole('navigation', { name: '주 메뉴' });
    const names = within(main)
      .getAllByRole('link')
      .map((a) => a.textContent?.trim());
    expect(names).toEqual(expect.arrayContaining(['Discover', 'Goodluck', 'Following']));
    expect(names.filter((n) => /[가-힣]/.test(n ?? ''))).toEqual([]);
  });

  it('opens the avatar menu from the keyboard and offers Help and Logout', async () => {
    const keys = userEvent.setup();
    renderApp('/about/', siteData({ user: user() }));
    const trigger = await screen.findByTestId('avatar-menu');
    trigger.focus();
    await keys.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /Help|도움말/ })).toHaveAttribute('href', '/about/');
    expect(within(menu).getByRole('menuitem', { name: /Logout|로그아웃/ })).toHaveAttribute('href', '/accounts/logout/');
    await keys.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('offers a translated skip link to the content', async () => {
    renderApp('/about/');
    const skip = await screen.findByRole('link', { name: /Skip to content|본문으로 건너뛰기/ });
    expect(skip).toHaveAttribute('href', '#content');
    expect(document.getElementById('content')).toHaveAttribute('tabindex', '-1');
  });
});
