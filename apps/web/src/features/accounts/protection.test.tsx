import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderApp, siteData, user } from '../../test/render.tsx';

/** Issue #34 (6): the account's default cap on public images, chosen on the account page and saved at once. */
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(async () => {
  await i18n.changeLanguage('ko');
});
afterEach(() => vi.unstubAllGlobals());

describe('image protection on the account page (issue #34.6)', () => {
  it('offers no limit and the three widths with a one-line explanation, and saves the choice', async () => {
    const me = user({ id: 7, max_public_width_default: null });
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/v1/users/7/') && init?.method === 'PUT') {
        return json(200, { ...me, ...JSON.parse(String(init.body)) });
      }
      return new Response(null, { status: 204 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/accounts/', siteData({ user: me }));
    const select = await screen.findByRole('combobox', { name: '새 작품의 공개 이미지 최대 너비' }, { timeout: 5000 });
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['제한 없음', '1280px', '1920px', '2560px']);
    expect(select).toHaveAccessibleDescription(/원본 파일을 받을 수 없습니다/);
    fireEvent.change(select, { target: { value: '1920' } });
    await waitFor(() => expect(screen.getByTestId('max-public-width-default')).toHaveValue('1920'));
    const put = fetchMock.mock.calls.find(([u, init]) => String(u).endsWith('/api/v1/users/7/') && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ max_public_width_default: 1920 });
  });

  it('says so when the save fails, and keeps the old choice', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => (init?.method === 'PUT' ? json(500, {}) : new Response(null, { status: 204 }))),
    );
    renderApp('/accounts/', siteData({ user: user({ id: 7, max_public_width_default: 2560 }) }));
    const select = await screen.findByTestId('max-public-width-default', {}, { timeout: 5000 });
    expect(select).toHaveValue('2560');
    fireEvent.change(select, { target: { value: '' } });
    expect(await screen.findByText('설정을 저장하지 못했습니다. 다시 시도하세요.')).toBeInTheDocument();
    expect(select).toHaveValue('2560');
  });
});
