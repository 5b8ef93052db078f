import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { renderApp, siteData, user } from '../../../test/render.tsx';
import { scoreOfKey } from './hooks/use-scoring.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const criteria = [1, 2, 3].map((id) => ({ id, invite: 3, name_ko: `기준${id}`, name_en: `C${id}`, name: `C${id}`, description: '', weight: 1, order: id }));
const snapshot = (title: string) => ({
  title,
  content: '',
  cover: 'c.png',
  cropped_cover: 'c.png',
  background_color: '#FFFFFF',
  width: 100,
  height: 100,
  images: ['a.png'],
  categories: [],
  fields: [],
  concepts: [],
  tags: [],
  created: new Date().toISOString(),
});
let scores: { application: number; criterion: number; score: number }[] = [];
let reviews: unknown[] = [];
let conflicts: unknown[] = [];
let queueStatus = 200;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  scores = [];
  reviews = [];
  queueStatus = 200;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/api/v1/invites/3/judging/') {
        if (queueStatus !== 200) return json({ detail: 'Judging is not open now.' }, queueStatus);
        return json({
          count: 3,
          next: null,
          previous: null,
          round: { id: 1, number: 1, closed: null, shortlist: 0 },
          criteria,
          scale: 10,
          scored: 1,
          total: 3,
          results: [
            {
              application: 10,
              snapshot: snapshot('First'),
              answers: [],
              scores: { '1': 5, '2': 5, '3': 5 },
              comment: '',
              conflict: false,
              shareable: false,
              consider_conflict: false,
              artist: null,
            },
            {
              application: 11,
              snapshot: snapshot('Second'),
              answers: [{ question: 'Why?', answer: 'Light' }],
              scores: {},
              comment: '',
              conflict: false,
              shareable: false,
              consider_conflict: false,
              artist: null,
            },
            {
              application: 12,
              snapshot: snapshot('Third'),
              answers: [],
              scores: {},
              comment: '',
              conflict: false,
              shareable: false,
              consider_conflict: true,
              artist: null,
            },
          ],
        });
      }
      if (path === '/api/v1/invite-jurors/')
        return json([
          { id: 1, invite: 3, title: 'Open now', email: 'j@example.com', status: 'accepted', open: true },
          { id: 2, invite: 4, title: 'Later', email: 'j@example.com', status: 'accepted', open: false },
        ]);
      if (path === '/api/v1/invite-scores/') {
        const body = JSON.parse(String(init?.body));
        scores.push(body);
        return json({ id: scores.length, ...body, comment: '' });
      }
      if (path === '/api/v1/invite-reviews/') {
        const body = JSON.parse(String(init?.body));
        reviews.push(body);
        return json({ application: body.application, comment: body.comment ?? '', conflict: body.conflict ?? false, shareable: body.shareable ?? false });
      }
      if (path === '/api/v1/invite-conflicts/') {
        const body = JSON.parse(String(init?.body));
        conflicts.push(body);
        return json({ application: body.application, reason: '', declared: '2026-01-01T00:00:00.000Z' }, 201);
      }
      return new Response(null, { status: 204 });
    }),
  );
});

describe('scoreOfKey', () => {
  it('reads 1–9 and 0 as 10, within the scale', () => {
    expect(scoreOfKey('7', 10)).toBe(7);
    expect(scoreOfKey('0', 10)).toBe(10);
    expect(scoreOfKey('0', 5)).toBeNull();
    expect(scoreOfKey('6', 5)).toBeNull();
    expect(scoreOfKey('a', 10)).toBeNull();
  });
});

describe('the scoring screen (issue #16)', () => {
  it('resumes at the first unscored submission; digits score the focused criterion and move on; Enter saves and advances; ← goes back', async () => {
    const u = userEvent.setup();
    renderApp('/goodluck/3/jury/', siteData({ user: user() }));
    expect(await screen.findByTestId('item-title', undefined, { timeout: 5000 })).toHaveTextContent('Second');
    expect(screen.getByTestId('progress')).toHaveTextContent('1 / 3 scored');
    await waitFor(() => expect(screen.getByTestId('scoring-panel')).toHaveFocus());
    await u.keyboard('7');
    await u.keyboard('0');
    await u.keyboard('3');
    await waitFor(() => expect(scores).toHaveLength(3));
    expect(scores).toEqual([
      { application: 11, criterion: 1, score: 7 },
      { application: 11, criterion: 2, score: 10 },
      { application: 11, criterion: 3, score: 3 },
    ]);
    expect(screen.getByTestId('progress')).toHaveTextContent('2 / 3 scored');
    expect(screen.getByRole('button', { name: 'C2: 10' })).toHaveAttribute('aria-pressed', 'true');
    // A comment is saved with Ctrl+Enter, which also moves on.
    await u.click(screen.getByLabelText('Private comment'));
    await u.keyboard('Strong light{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Third')).toBeInTheDocument();
    expect(reviews).toEqual([{ application: 11, comment: 'Strong light' }]);
    await waitFor(() => expect(screen.getByTestId('scoring-panel')).toHaveFocus());
    await u.keyboard('{ArrowLeft}');
    expect(await screen.findByText('Second')).toBeInTheDocument();
    await u.keyboard('{Enter}');
    expect(await screen.findByText('Third')).toBeInTheDocument();
  });

  it('asks a juror with ties to the artist or work to consider a conflict (issue #33.3), declares it, and marks a comment shareable', async () => {
    conflicts = [];
    const u = userEvent.setup();
    renderApp('/goodluck/3/jury/?item=11', siteData({ user: user() }));
    expect(await screen.findByTestId('item-title', undefined, { timeout: 5000 })).toHaveTextContent('Second');
    expect(screen.queryByTestId('consider-conflict')).toBeNull();
    await u.click(screen.getByTestId('shareable'));
    await waitFor(() => expect(reviews).toContainEqual({ application: 11, shareable: true }));
    await waitFor(() => expect(screen.getByTestId('shareable')).toBeChecked());
    await u.click(screen.getByTestId('next'));
    expect(await screen.findByTestId('consider-conflict')).toHaveTextContent('If that could sway your score, declare a conflict of interest.');
    await u.click(screen.getByTestId('declare-conflict'));
    await waitFor(() => expect(conflicts).toEqual([{ application: 12 }]));
    expect(await screen.findByText('You declared a conflict of interest: you do not score this submission.')).toBeInTheDocument();
    expect(screen.queryByTestId('consider-conflict')).toBeNull();
  });

  it('shows why judging is closed instead of sending the juror to the login page', async () => {
    queueStatus = 403;
    renderApp('/goodluck/3/jury/', siteData({ user: user() }));
    expect(await screen.findByTestId('judging-closed', undefined, { timeout: 5000 })).toHaveTextContent('Judging is not open now.');
  });
});

describe('calls I judge (issue #16)', () => {
  it('lists only the calls the juror judges, with the way to score those open', async () => {
    renderApp('/goodluck/jury/', siteData({ user: user() }));
    const list = await screen.findByTestId('my-juries', undefined, { timeout: 5000 });
    expect(list.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Score submissions' })).toHaveAttribute('href', '/goodluck/3/jury/');
    expect(screen.getByText('Opens under examination')).toBeInTheDocument();
  });
});
