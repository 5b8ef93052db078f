import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, siteData, user } from '../test/render.tsx';

beforeEach(() => {
  // Page views are fire-and-forget; the shell must not depend on their answer.
  vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
});

describe('shell (SPEC §2 Shell)', () => {
  it('shows LOGIN and SIGN UP to a guest', async () => {
    renderApp('/about/');
    expect(await screen.findByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', '/login/');
    expect(screen.getByRole('link', { name: 'SIGN UP' })).toHaveAttribute('href', '/signup/');
    expect(screen.queryByRole('link', { name: 'UPLOAD' })).toBeNull();
  });

  it('shows UPLOAD and the avatar menu to a logged-in user', async () => {
    renderApp('/about/', siteData({ user: user() }));
    expect(await screen.findByRole('link', { name: 'UPLOAD' })).toHaveAttribute('href', '/upload/');
    expect(screen.getByTestId('avatar-menu')).toBeInTheDocument();
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
});
