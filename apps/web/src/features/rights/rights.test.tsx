import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { artwork, renderApp, siteData, user } from '../../test/render.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

/** The API: one artwork whose AI-training choice the PUT changes; the rest answer empty. */
function mockApi(state: { optOut: boolean; setting: boolean | null; account: boolean; exported?: unknown }) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    if (key === 'GET /api/v1/artworks/5/')
      return json(200, {
        ...artwork(5, { author: { ...artwork(5).author!, id: 7 } }),
        ai_opt_out: state.optOut,
        ai_opt_out_setting: state.setting,
        content: '',
      });
    if (key === 'PUT /api/v1/artworks/5/ai-opt-out/') {
      const body = JSON.parse(String(init?.body));
      state.setting = body.ai_opt_out;
      state.optOut = body.ai_opt_out ?? state.account;
      return json(200, { id: 5, ai_opt_out: state.optOut, ai_opt_out_setting: state.setting });
    }
    if (key === 'PUT /api/v1/users/7/ai-opt-out/') {
      state.account = JSON.parse(String(init?.body)).ai_opt_out;
      return json(200, { ai_opt_out_default: state.account });
    }
    if (key === 'GET /api/v1/users/7/export/') return json(200, state.exported ?? null);
    if (key === 'POST /api/v1/users/7/export/') {
      state.exported = { id: 1, status: 'queued', created: '2026-01-01T00:00:00Z', finished: null, size: 0, files: 0 };
      return json(202, state.exported);
    }
    if (key === 'GET /api/v1/site/') return json(200, siteData({ user: user({ ai_opt_out_default: state.account }) }));
    // The overlay's follow button (issue #17) reads the viewer's follows: a plain list.
    if (key === 'GET /api/v1/follows/') return json(200, []);
    if (url.pathname.startsWith('/api/')) return json(200, { count: 0, next: null, previous: null, results: [] });
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('AI-training opt-out on screen (issue #18)', () => {
  it('shows the badge in the overlay and lets the author switch it', async () => {
    const state = { optOut: true, setting: null as boolean | null, account: true };
    const fetchMock = mockApi(state);
    renderApp('/artwork/5/', siteData({ user: user({ id: 7 }) }));
    expect(await screen.findByTestId('ai-badge', {}, { timeout: 5000 })).toHaveTextContent('No AI training');
    fireEvent.change(screen.getByLabelText('AI training'), { target: { value: 'allow' } });
    await waitFor(() => expect(screen.getByTestId('ai-badge')).toHaveTextContent('AI training allowed'));
    const put = fetchMock.mock.calls.find(([u, init]) => String(u).endsWith('/ai-opt-out/') && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ ai_opt_out: false });
  });

  it('shows the badge but no switch to a visitor', async () => {
    mockApi({ optOut: false, setting: null, account: false });
    renderApp('/artwork/5/', siteData({ user: null }));
    expect(await screen.findByTestId('ai-badge', {}, { timeout: 5000 })).toHaveTextContent('AI training allowed');
    expect(screen.queryByLabelText('AI training')).toBeNull();
  });

  it('switches the account setting on the account page', async () => {
    const state = { optOut: true, setting: null as boolean | null, account: true };
    const fetchMock = mockApi(state);
    renderApp('/accounts/', siteData({ user: user({ id: 7, ai_opt_out_default: true }) }));
    const box = await screen.findByRole('checkbox', { name: 'Ask that my work not be used to train AI' }, { timeout: 5000 });
    expect(box).toBeChecked();
    fireEvent.click(box);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Ask that my work not be used to train AI' })).not.toBeChecked());
    expect(fetchMock.mock.calls.some(([u, init]) => String(u).endsWith('/api/v1/users/7/ai-opt-out/') && init?.method === 'PUT')).toBe(true);
  });

  it('starts "Download my data" on the account page and shows it is being prepared', async () => {
    const fetchMock = mockApi({ optOut: true, setting: null, account: true });
    renderApp('/accounts/', siteData({ user: user({ id: 7 }) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Prepare my data' }, { timeout: 5000 }));
    await waitFor(() => expect(screen.getByTestId('export-status')).toHaveTextContent('Preparing your data'));
    expect(screen.getByRole('button', { name: 'Prepare my data' })).toBeDisabled();
    expect(fetchMock.mock.calls.some(([u, init]) => String(u).endsWith('/api/v1/users/7/export/') && init?.method === 'POST')).toBe(true);
  });

  it("the mailed link's page offers the download to its own user only", async () => {
    mockApi({ optOut: true, setting: null, account: true });
    const x = Math.floor(Date.now() / 1000) + 3600;
    renderApp(`/accounts/export/?u=7&e=3&x=${x}&t=sig`, siteData({ user: user({ id: 7 }) }));
    const link = await screen.findByRole('link', { name: 'Download the ZIP' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', `/api/v1/users/7/export/?e=3&x=${x}&t=sig`);
  });
});
