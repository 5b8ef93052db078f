import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import ModerationNotice from '../../kit/components/ModerationNotice.tsx';
import { answering, jsonResponse } from '../../test/render.tsx';
import HoldsAdmin from './admin/HoldsAdmin.tsx';
import type { Hold } from '@axoo/contract';
import { ImagePair } from './components/ImagePair.tsx';
import { TakedownForm } from './components/TakedownForm.tsx';
import TakedownConfirmPage from './TakedownConfirmPage.tsx';

/** Issue #31: the takedown form, the confirmation page and the overlay's notice on held or hidden work. */
const at = (path: string, element: React.ReactNode) =>
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element }], { initialEntries: [path] })} />);

afterEach(() => vi.unstubAllGlobals());

describe('takedowns on the web (issue #31)', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('ko');
    await i18n.loadNamespaces('takedowns');
  });

  it('the form sends the notice and puts each server message under its field', async () => {
    const sent = answering('/api/v1/takedowns/', 400, {
      good_faith: ['선의의 진술에 동의해야 접수할 수 있습니다.'],
      work_url: ['이 사이트의 작품 주소가 아닙니다.'],
    });
    at('/about/takedown/', <TakedownForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('이름(또는 단체명)'), 'Mina Park');
    await user.type(screen.getByLabelText('이메일'), 'mina@example.com');
    await user.type(screen.getByLabelText('이 사이트의 작품 주소'), 'https://example.com/about/');
    await user.type(screen.getByLabelText('권리를 가진 원작'), 'Night Ferry (2021)');
    await user.click(screen.getByRole('button', { name: '신고 보내기' }));
    expect(await screen.findByText('선의의 진술에 동의해야 접수할 수 있습니다.')).toBeTruthy();
    expect(screen.getByText('이 사이트의 작품 주소가 아닙니다.')).toBeTruthy();
    expect(sent).toEqual([
      { name: 'Mina Park', email: 'mina@example.com', work_url: 'https://example.com/about/', original: 'Night Ferry (2021)', good_faith: false },
    ]);
    expect(screen.getByLabelText(/선의로 진술합니다/).getAttribute('aria-invalid')).toBe('true');
  });

  it('the confirmation page posts the link’s token once; a link cut short asks nothing', async () => {
    const asked = answering('/api/v1/takedowns/12/confirm/', 200, { id: 12, status: 'active' });
    at('/about/takedown/confirm/?n=12&t=abc', <TakedownConfirmPage />);
    expect(await screen.findByTestId('takedown-confirmed')).toBeTruthy();
    expect(asked[0]).toEqual({ token: 'abc' });
    const none = answering('/api/v1/takedowns/12/confirm/', 200, {});
    at('/about/takedown/confirm/?n=12', <TakedownConfirmPage />);
    expect(await screen.findByText('확인 링크가 올바르지 않거나 만료되었습니다.')).toBeTruthy();
    expect(none).toEqual([]);
  });

  it('the overlay tells the author why nobody else sees the work, and where to answer', () => {
    at('/artwork/5/', <ModerationNotice artwork={{ id: 5, moderation_state: 'held', moderation_reason: 'possible_repost' }} />);
    expect(screen.getByRole('link', { name: '이유 보기 및 설명하기' }).getAttribute('href')).toBe('/holds/5/');
    at('/artwork/6/', <ModerationNotice artwork={{ id: 6, moderation_state: 'hidden', moderation_reason: 'takedown' }} />);
    expect(screen.getByRole('link', { name: '신고 내용 보기 및 이의 제기' }).getAttribute('href')).toBe('/notices/6/');
  });

  it('a mature image the server sent blurred says so under it, with the way to see mature work (ko)', () => {
    const match: Hold['matches'][number] = {
      image: 'artworks/h/held_blurred.jpg',
      original: { id: 2, title: '등대', cover: 'artworks/o/cover.png' },
      original_image: 'artworks/o/cover.png',
      author: { id: 7, name: '하나', slug: 'hana' },
      distance: { dhash: 3, phash: 5 },
      answer: null,
      image_blurred: true,
      original_blurred: false,
    };
    const hold: Hold = {
      id: 1,
      status: 'held',
      role: 'original',
      artwork: { id: 5, title: '등대 사본', cover: '', author: { id: 8, name: '복사', slug: 'copy' } },
      explanation: null,
      matches: [match],
      note: null,
      created: '',
      decided: null,
    };
    at('/holds/5/', <ImagePair hold={hold} match={match} mine />);
    const notes = screen.getAllByTestId('hold-blurred');
    expect(notes).toHaveLength(1);
    expect(notes[0].closest('figure')?.querySelector('img')?.getAttribute('src')).toContain('held_blurred');
    expect(notes[0].textContent).toContain('성인 작품이라 흐리게 보입니다.');
    expect(screen.getByRole('link', { name: '계정 설정에서 성인 작품 보기를 켜면 그대로 비교할 수 있습니다.' }).getAttribute('href')).toBe('/accounts/');
  });

  it('the console reaches every hold, 20 a page (the stored-XSS corpus found the 21st out of reach)', async () => {
    const offsets: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const asked = new URL(url, 'http://x');
        const offset = Number(asked.searchParams.get('offset'));
        offsets.push(`${asked.searchParams.get('status')}:${offset}`);
        const rows = Array.from({ length: Math.min(20, 45 - offset) }, (_x, i) => ({
          id: offset + i + 1,
          status: 'held',
          explanation: `Explained ${offset + i + 1}`,
          artwork: { id: offset + i + 1, title: `Work ${offset + i + 1}`, author: { name: 'Hana' } },
          matches: [],
        }));
        return jsonResponse({ count: 45, next: null, previous: null, results: rows });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <HoldsAdmin />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Explained 20')).toBeTruthy();
    expect(screen.getByText('1 / 3쪽')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '다음' }));
    await user.click(await screen.findByRole('button', { name: '다음' }));
    expect(await screen.findByText('Explained 45')).toBeTruthy();
    expect(screen.getByRole('button', { name: '다음' })).toHaveProperty('disabled', true);
    expect(offsets).toEqual(['held:0', 'held:20', 'held:40']);
  });
});
