import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import ReportDialog from '../../kit/components/ReportDialog.tsx';
import { jsonResponse } from '../../test/render.tsx';
import { DecisionCard } from './components/DecisionCard.tsx';
import { ReportsQueue } from './sections/ReportsQueue.tsx';

/** Issue #31: the Report dialog, the console's queue and the owner's appeal form. */
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const wrap = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <Suspense fallback={<p>loading</p>}>{ui}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** Stubs fetch with a function of (method, path, body); answers what it returns. */
function serve(answer: (method: string, path: string, body: unknown) => Response) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(url, 'http://x').pathname;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, body });
      return answer(method, path, body);
    }),
  );
  return calls;
}

describe('the Report dialog (issue #31)', () => {
  it('asks for a reason in Korean without asking the server, then sends the reason and detail and confirms', async () => {
    await i18n.changeLanguage('ko');
    const calls = serve(() => jsonResponse({ id: 7 }, 201));
    wrap(<ReportDialog target="artwork" targetId={12} name="푸른 벽" open onClose={() => undefined} />);
    await userEvent.click(await screen.findByTestId('report-submit'));
    expect(await screen.findByText('신고 사유를 골라 주세요.')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByLabelText(/도용·무단 전재/));
    await userEvent.type(screen.getByLabelText('자세한 내용 (선택)'), '제 그림입니다');
    await userEvent.click(screen.getByTestId('report-submit'));
    expect(await screen.findByTestId('report-done')).toHaveTextContent('신고가 접수되었습니다');
    expect(calls).toEqual([
      { method: 'POST', path: '/api/v1/reports/', body: { target: 'artwork', target_id: 12, reason: 'stolen', detail: '제 그림입니다' } },
    ]);
  });

  it('says so when the viewer had reported it already (the server answers 200)', async () => {
    serve(() => jsonResponse({ id: 7 }, 200));
    wrap(<ReportDialog target="user" targetId={3} name="Mina" open onClose={() => undefined} />);
    await userEvent.click(await screen.findByLabelText(/Harassment or defamation/));
    await userEvent.click(screen.getByTestId('report-submit'));
    expect(await screen.findByTestId('report-done')).toHaveAttribute('data-state', 'again');
    expect(screen.getByText('You have already reported this; staff are reviewing it.')).toBeInTheDocument();
  });
});

const group = {
  id: 41,
  target: 'artwork',
  target_id: 9,
  reporters: 2,
  first: '2026-12-01T10:00:00.000Z',
  status: 'open',
  action: null,
  note: '',
  subject: {
    title: 'Blue wall',
    text: '',
    cover: 'artworks/9/c.jpg',
    owner: { id: 5, name: 'Mina', slug: 'mina' },
    path: '/artwork/9/',
    moderation_state: 'none',
    suspended: false,
  },
  reports: [
    { id: 41, reason: 'stolen', detail: 'My drawing', created: '2026-12-01T10:00:00.000Z', reporter: { id: 2, name: 'Ann' } },
    { id: 44, reason: 'spam', detail: '', created: '2026-12-02T10:00:00.000Z', reporter: { id: 3, name: 'Bo' } },
  ],
};

describe('the console queue (issue #31)', () => {
  it('shows the target as viewers see it with its reporters; an action without a note shows the server message under the note', async () => {
    const calls = serve((method) =>
      method === 'GET'
        ? jsonResponse({ count: 1, next: null, previous: null, results: [group] })
        : jsonResponse({ note: ['Write the reason the owner is told; every action but dismiss needs one.'] }, 400),
    );
    wrap(<ReportsQueue />);
    const card = await screen.findByTestId('report-group');
    expect(card).toHaveTextContent('Blue wall');
    expect(card).toHaveTextContent('2 reporters');
    expect(card).toHaveTextContent('My drawing');
    expect(card.querySelector('img')?.getAttribute('src')).toContain('artworks/9/c.jpg');
    await userEvent.click(screen.getByTestId('act-hide'));
    const note = screen.getByLabelText('Reason the owner is told');
    await waitFor(() => expect(note).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('alert')).toHaveTextContent('every action but dismiss needs one');
    expect(calls.at(-1)).toEqual({ method: 'PATCH', path: '/api/v1/admin/reports/41/', body: { action: 'hide', note: '' } });
  });

  it('sends the action with the note; a user target has no hide button', async () => {
    const calls = serve((method) =>
      method === 'GET'
        ? jsonResponse({ count: 2, next: null, previous: null, results: [group, { ...group, id: 50, target: 'user', target_id: 5 }] })
        : jsonResponse({ ...group, status: 'resolved', action: 'warn' }),
    );
    wrap(<ReportsQueue />);
    const [artwork, user] = await screen.findAllByTestId('report-group');
    expect(user.querySelector('[data-testid="act-hide"]')).toBeNull();
    await userEvent.type(artwork.querySelector('textarea') as HTMLTextAreaElement, 'Copied work');
    await userEvent.click(artwork.querySelector('[data-testid="act-warn"]') as HTMLElement);
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/v1/admin/reports/41/',
      body: { action: 'warn', note: 'Copied work' },
    });
  });
});

describe("the owner's notice and appeal (issue #31)", () => {
  const decision = {
    report: 41,
    target: 'artwork',
    target_id: 9,
    action: 'hide',
    note: 'Copied from another artist',
    reason: 'stolen',
    title: 'Blue wall',
    decided: '2026-12-03T10:00:00.000Z',
    appeal: null,
    appealable: true,
  } as const;

  it('shows the reason and sends the appeal with the mailed token (ko)', async () => {
    await i18n.changeLanguage('ko');
    const calls = serve(() => jsonResponse({ id: 3 }, 201));
    wrap(<DecisionCard decision={decision} token="signed" />);
    expect(await screen.findByText('Copied from another artist')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('appeal-send'));
    expect(await screen.findByText('이의 제기 내용을 적어 주세요.')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await userEvent.type(screen.getByLabelText('이의 제기 내용'), '제가 그린 작품입니다');
    await userEvent.click(screen.getByTestId('appeal-send'));
    expect(await screen.findByTestId('appeal-sent')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: '/api/v1/appeals/', body: { report: 41, text: '제가 그린 작품입니다', token: 'signed' } }]);
  });

  it('once appealed, says where the appeal stands instead of the form', async () => {
    wrap(<DecisionCard decision={{ ...decision, appeal: { id: 3, status: 'reversed' }, appealable: false }} />);
    expect(await screen.findByTestId('appeal-state')).toHaveTextContent('After review, the action was reversed.');
    expect(screen.queryByTestId('appeal-form')).toBeNull();
  });
});
