import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { answering as answerPath, artwork, jsonResponse as json, renderApp, siteData, user } from '../../test/render.tsx';

const invite = {
  id: 3,
  owner: { id: 99, username: 'brand', name: 'Brand', slug: 'brand', cropped_avatar: '' },
  title: 'Summer call',
  subtitle: '',
  description: '',
  logo: '',
  background: '',
  status: 'ongoing',
  closed: new Date(Date.now() + 86_400_000).toISOString(),
  selected: null,
  created: new Date().toISOString(),
  pages: [],
  subscription: null,
  review_note: '',
  can_edit: false,
};
const questions = [
  { id: 11, invite: 3, question: 'Why?', order: 0 },
  { id: 12, invite: 3, question: 'How?', order: 1 },
];

let posted: unknown[] = [];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/api/v1/invites/3/') return json(invite);
      if (path === '/api/v1/invite-questions/') return json(questions);
      if (path === '/api/v1/artworks/5/') return json({ id: 5, title: 'Poster', cropped_cover: '' });
      if (path === '/api/v1/invite-applications/' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return json({ 'answers.1.answer': ['Answers are at most 250 characters.'] }, 400);
      }
      return new Response(null, { status: 204 });
    }),
  );
});

describe('application step (SPEC §2 Invites, §5 Answers)', () => {
  it('counts characters up to 250, enables Submit only after the agreement, and shows answer errors under their question', async () => {
    const u = userEvent.setup();
    renderApp('/goodluck/3/application/5/', siteData({ user: user() }));
    const why = await screen.findByLabelText('1. Why?', undefined, { timeout: 5000 });
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();

    await u.type(why, 'Because');
    expect(screen.getAllByTestId('answer-counter')[0]).toHaveTextContent('7 / 250');
    const how = screen.getByLabelText('2. How?');
    expect(how).toHaveAttribute('maxLength', '250');
    await u.type(how, 'ink');

    await u.click(screen.getByTestId('agree'));
    expect(submit).toBeEnabled();
    await u.click(submit);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      invite: 3,
      artwork: 5,
      answers: [
        { question: 11, answer: 'Because' },
        { question: 12, answer: 'ink' },
      ],
    });
    // The server's `answers.1.answer` error lands under the second question.
    expect(await screen.findByText('Answers are at most 250 characters.')).toBeInTheDocument();
    expect(how).toHaveAttribute('aria-invalid', 'true');
    // Issue #29.8: the first invalid answer takes the focus.
    await waitFor(() => expect(how).toHaveFocus());
    expect(why).toHaveAttribute('aria-invalid', 'false');
  }, 20_000);
});

describe('the receipt after applying (issue #16)', () => {
  it('tells the applicant, in both languages, that the jury judges the copy received now and what they will hear next', async () => {
    for (const [lang, frozen, receipt] of [
      ['en', 'The jury judges the copy received now; later edits to your project do not change it.', /e-mailed you a receipt.*shortlisted.*results/],
      [
        'ko',
        '심사는 지금 접수된 그대로의 사본으로 진행되며, 이후 프로젝트를 수정해도 심사에는 반영되지 않습니다.',
        /확인 메일.*후보에 오르면.*결과가 발표되면/,
      ],
    ] as const) {
      await i18n.changeLanguage(lang);
      const view = renderApp('/goodluck/3/complete/5/', siteData({ user: user() }));
      expect((await screen.findByTestId('receipt-frozen')).textContent).toBe(frozen);
      expect(screen.getByTestId('receipt-notices').textContent).toMatch(receipt);
      view.unmount();
    }
  });
});

describe('detail states (SPEC §4 Invite status, §6)', () => {
  const detail = (over: Record<string, unknown>) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = new URL(url, 'http://x').pathname;
        if (path === '/api/v1/invites/3/') return json({ ...invite, ...over });
        if (path === '/api/v1/invites/3/artworks/') return json({ count: 0, next: null, previous: null, results: [] });
        return new Response(null, { status: 204 });
      }),
    );

  it('ongoing: Apply links to step 0 of the application (issue #33), remaining time shows, a guest sees DETAIL only', async () => {
    detail({});
    renderApp('/goodluck/3/');
    const apply = await screen.findByRole('link', { name: 'Apply' }, { timeout: 5000 });
    expect(apply).toHaveAttribute('href', '/goodluck/3/apply/');
    expect(screen.getByTestId('remaining')).toHaveTextContent(/left$/);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['DETAIL']);
  }, 20_000);

  it('examination: the text asking to wait and a disabled "under examination" button', async () => {
    detail({ status: 'examination' });
    renderApp('/goodluck/3/');
    expect(await screen.findByRole('button', { name: 'under examination' }, { timeout: 5000 })).toBeDisabled();
    expect(screen.getByText('Submissions are under examination. Please wait for the results.')).toBeInTheDocument();
  }, 20_000);

  it('selection: the selected date, a closed button, and SELECTED; the owner also sees SUBMISSIONS', async () => {
    detail({ status: 'selection', selected: '2031-07-15T03:00:00.000Z' });
    renderApp('/goodluck/3/', siteData({ user: user({ id: 99 }) }));
    expect(await screen.findByRole('button', { name: 'Closed' }, { timeout: 5000 })).toBeDisabled();
    expect(screen.getByText(/The selected projects were announced on July 15, 2031\./)).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['DETAIL', 'SELECTED', 'SUBMISSIONS', 'JUDGING']);
  }, 20_000);
});

describe("the owner's SUBMISSIONS (issue #19)", () => {
  it('shows an entry whose artwork is not public with a badge, and a public one without', async () => {
    const entry = (id: number, visible: boolean) => ({
      ...artwork(id, { title: visible ? 'Public work' : 'Member-only work', visible }),
      application: { id: id * 10, selected: false, answers: [] },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const { pathname } = new URL(url, 'http://x');
        if (pathname === '/api/v1/invites/3/') return json({ ...invite, status: 'examination', can_edit: true });
        if (pathname === '/api/v1/invites/3/artworks/') return json({ count: 2, next: null, previous: null, results: [entry(7, false), entry(8, true)] });
        return new Response(null, { status: 204 });
      }),
    );
    renderApp('/goodluck/3/', siteData({ user: user({ id: 99 }) }));
    await userEvent.click(await screen.findByRole('tab', { name: 'SUBMISSIONS' }, { timeout: 5000 }));
    const badges = await screen.findAllByTestId('not-public');
    expect(badges).toHaveLength(1);
    expect(badges[0]).toHaveTextContent('Not public');
    // On the member-only entry's card, not on the public one.
    expect(badges[0].closest('article')).toHaveAttribute('data-artwork-id', '7');
    expect(screen.getByText('Public work')).toBeInTheDocument();
  }, 20_000);
});

/** The call under examination as its owner sees it, its submissions answered by `list`. */
const ownerSubmissions = (list: (params: URLSearchParams) => Response) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname, searchParams } = new URL(url, 'http://x');
      if (pathname === '/api/v1/invites/3/') return json({ ...invite, status: 'examination', can_edit: true });
      if (pathname === '/api/v1/invites/3/artworks/') return list(searchParams);
      return new Response(null, { status: 204 });
    }),
  );

describe("every entry, with the owner's filters (issue #19)", () => {
  it('asks for the next page when the list scrolls on, and for the filtered list when a filter changes', async () => {
    const asked: URLSearchParams[] = [];
    const entry = (id: number) => ({ ...artwork(id, { title: `Entry ${id}` }), application: { id: id * 10, selected: false, answers: [] } });
    ownerSubmissions((searchParams) => {
      asked.push(searchParams);
      const offset = Number(searchParams.get('offset') ?? 0);
      const next = offset === 0 ? `http://x/api/v1/invites/3/artworks/?limit=24&offset=24` : null;
      return json({ count: 25, next, previous: null, results: offset === 0 ? Array.from({ length: 24 }, (_, i) => entry(i + 1)) : [entry(25)] });
    });
    // The sentinel is seen at once (a tall viewport), as the browser's IntersectionObserver would report.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly cb: (entries: { isIntersecting: boolean }[]) => void) {}
        observe() {
          this.cb([{ isIntersecting: true }]);
        }
        disconnect() {}
      },
    );
    renderApp('/goodluck/3/', siteData({ user: user({ id: 99 }) }));
    await userEvent.click(await screen.findByRole('tab', { name: 'SUBMISSIONS' }, { timeout: 5000 }));
    expect(await screen.findByText('Entry 25', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('submission-count')).toHaveTextContent('25 entries');
    expect(asked.map((q) => q.get('offset'))).toEqual(['0', '24']);
    await userEvent.selectOptions(screen.getByLabelText('Selection'), 'unselected');
    await waitFor(() => expect(asked.at(-1)?.get('selection')).toBe('unselected'));
    expect(screen.getByTestId('owner-block')).toHaveTextContent('Publish the selection');
  }, 20_000);
});

describe('an entry whose project was deleted (issue #29)', () => {
  it('stays in SUBMISSIONS with its frozen title, cover, answers and a "project deleted" badge, and can be selected', async () => {
    const deleted = {
      id: null,
      title: 'Frozen harbour',
      cover: 'submissions/abcdefabcdefabcd.png',
      cropped_cover: 'submissions/abcdefabcdefabcd.png',
      background_color: '#FFFFFF',
      categories: [{ category: 'painting', name: 'Painting' }],
      author: null,
      application: { id: 70, selected: false, artwork_deleted: true, answers: [{ id: 1, question: 5, answer: 'Because of the sea' }] },
    };
    const live = { ...artwork(8, { title: 'Still live' }), application: { id: 80, selected: false, answers: [] } };
    ownerSubmissions(() => json({ count: 2, next: null, previous: null, results: [deleted, live] }));
    renderApp('/goodluck/3/', siteData({ user: user({ id: 99 }) }));
    await userEvent.click(await screen.findByRole('tab', { name: 'SUBMISSIONS' }, { timeout: 5000 }));
    const badge = await screen.findByTestId('project-deleted', {}, { timeout: 5000 });
    expect(badge).toHaveTextContent('Project deleted');
    const card = badge.closest('article') as HTMLElement;
    expect(card).toHaveAttribute('data-application-id', '70');
    expect(card).toHaveTextContent('Frozen harbour');
    expect(card).toHaveTextContent('Because of the sea');
    // Nothing to open: the artwork is gone.
    expect(card.querySelector('a')).toBeNull();
    expect(card.querySelector('img')?.getAttribute('src')).toContain('submissions/abcdefabcdefabcd.png');
    expect(screen.getByTestId('submission-count')).toHaveTextContent('2 entries');
    expect(screen.getAllByTestId('project-deleted')).toHaveLength(1);
    expect(card.querySelector('[data-testid="select-toggle"]')).toHaveAttribute('aria-pressed', 'false');
  }, 20_000);
});

describe('a date filter the server refuses (issue #19)', () => {
  it('says why above the list, and bounds the date pickers to the years the server takes', async () => {
    ownerSubmissions((searchParams) =>
      searchParams.get('submitted_from')
        ? json({ submitted_from: ['Enter a date between the years 1900 and 9998.'] }, 400)
        : json({ count: 0, next: null, previous: null, results: [] }),
    );
    renderApp('/goodluck/3/', siteData({ user: user({ id: 99 }) }));
    await userEvent.click(await screen.findByRole('tab', { name: 'SUBMISSIONS' }, { timeout: 5000 }));
    const from = await screen.findByLabelText('Submitted from', {}, { timeout: 5000 });
    expect(from).toHaveAttribute('min', '1900-01-01');
    expect(from).toHaveAttribute('max', '9998-12-31');
    expect(screen.queryByTestId('filters-error')).toBeNull();
    await userEvent.type(from, '1800-01-01');
    expect(await screen.findByTestId('filters-error', {}, { timeout: 5000 })).toHaveTextContent('Enter a date between the years 1900 and 9998.');
  }, 20_000);
});

describe('the unsubscribe page a subscriber’s mail links to (issue #19)', () => {
  const answering = (status: number, body: unknown) => answerPath('/api/v1/invite-subscriptions/unsubscribe/', status, body);

  it('says it is done, naming the call', async () => {
    const asked = answering(200, { invite: 3, title: 'Summer call' });
    renderApp('/goodluck/unsubscribe/?u=7&i=3&t=abc');
    expect(await screen.findByText('You will get no more mails about "Summer call".', {}, { timeout: 5000 })).toHaveAttribute('role', 'status');
    expect(asked).toEqual([{ user: 7, invite: 3, token: 'abc' }]);
  }, 20_000);

  it('says clearly that a refused link is not valid, and how else to stop the mails', async () => {
    answering(403, { detail: 'This unsubscribe link is not valid.' });
    renderApp('/goodluck/unsubscribe/?u=7&i=3&t=forged');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'This link is not valid. Log in and tap the heart on the call to stop following it.',
    );
  }, 20_000);

  it('does not even ask for a link cut short, and says the same', async () => {
    const asked = answering(200, { invite: 3, title: 'Summer call' });
    renderApp('/goodluck/unsubscribe/?u=7&i=3');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('This link is not valid.');
    expect(asked).toEqual([]);
  }, 20_000);
});
