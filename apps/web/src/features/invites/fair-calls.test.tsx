import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { jsonResponse as json, renderApp, siteData, user } from '../../test/render.tsx';

// Issue #33 screens: step 0 (eligibility, then one of my projects), the grace countdown, the results page.

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
  grace_minutes: 0,
  pages: [],
  subscription: null,
  review_note: '',
  jury_statement: '',
  can_edit: false,
};
const questions = [
  { id: 11, invite: 3, question: 'Based in Korea?', order: 0, kind: 'eligibility', required_answer: true },
  { id: 12, invite: 3, question: 'Why this work?', order: 1, kind: 'text', required_answer: null },
];
const me = user();
const project = (id: number, title: string, over: Record<string, unknown> = {}) => ({ id, title, cropped_cover: '', published: true, draft: false, ...over });

let sent: unknown[] = [];
const stub = (over: (path: string, init?: RequestInit) => Response | null = () => null) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      const answer = over(path, init);
      if (answer) return answer;
      if (path === '/api/v1/invites/3/') return json(invite);
      if (path === '/api/v1/invite-questions/') return json(questions);
      if (path === `/api/v1/users/${me.id}/artworks/`)
        return json({ count: 2, next: null, previous: null, results: [project(7, 'Blue hour'), project(8, 'Unfinished', { draft: true })] });
      return new Response(null, { status: 204 });
    }),
  );

beforeEach(async () => {
  await i18n.changeLanguage('en');
  sent = [];
});

describe('step 0 of applying (issue #33.1, .2)', () => {
  it('asks only the eligibility questions, shows the server’s refusal under its question, then offers my published projects', async () => {
    let refuse = true;
    stub((path, init) => {
      if (path !== '/api/v1/invites/3/eligibility/' || init?.method !== 'POST') return null;
      sent.push(JSON.parse(String(init.body)));
      if (refuse) return json({ 'answers.11': ['You are not eligible for this call: "Based in Korea?"'] }, 400);
      return json({ eligible: true });
    });
    const u = userEvent.setup();
    renderApp('/goodluck/3/apply/', siteData({ user: me }));
    await screen.findByRole('heading', { name: 'Before you apply' }, { timeout: 5000 });
    expect(screen.queryByText('Why this work?')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose yes or no.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(sent).toEqual([]);

    await u.click(screen.getByTestId('eligibility-11-no'));
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('You are not eligible for this call: "Based in Korea?"', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(sent).toEqual([{ answers: { '11': false } }]);

    refuse = false;
    await u.click(screen.getByTestId('eligibility-11-yes'));
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Which work are you sending?' }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Upload a new one' })).toHaveAttribute('href', '/goodluck/3/upload/');
    // A draft cannot be sent: only published projects are offered.
    expect((await screen.findAllByTestId('project-choice', undefined, { timeout: 5000 })).map((c) => c.textContent)).toEqual(['Blue hour']);
    expect(screen.getByRole('button', { name: 'Use this project' })).toBeDisabled();
    await u.click(screen.getByRole('radio', { name: 'Blue hour' }));
    await u.click(screen.getByRole('button', { name: 'Use this project' }));
    // On to the answers and the agreement (step 3), with that project.
    expect(await screen.findByRole('heading', { name: 'Application' }, { timeout: 5000 })).toBeInTheDocument();
  }, 20_000);
});

describe('the answers step (issue #33.1)', () => {
  it('asks the free-text questions only: the eligibility ones were step 0', async () => {
    stub();
    renderApp('/goodluck/3/application/7/', siteData({ user: me }));
    expect(await screen.findByLabelText('1. Why this work?', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/Based in Korea/)).toBeNull();
  }, 20_000);
});

describe('the deadline (issue #33.6)', () => {
  it('counts down the grace minutes after the closing date, and says entries are marked late', async () => {
    stub((path) => (path === '/api/v1/invites/3/' ? json({ ...invite, closed: new Date(Date.now() - 10 * 60_000).toISOString(), grace_minutes: 30 }) : null));
    renderApp('/goodluck/3/');
    const left = await screen.findByTestId('grace-left', undefined, { timeout: 5000 });
    expect(left.textContent).toMatch(/^Grace period: (19|20) min left, entries are marked late$/);
    // The closing moment in the reader's own zone, once in the browser.
    expect(screen.getByTestId('local-close')).toHaveTextContent(/^Closes .+ \(your time\)$/);
  }, 20_000);
});

describe('the results page (issue #33.8)', () => {
  it('shows the statement, the figures and each selected entry with its artist', async () => {
    stub((path) =>
      path === '/api/v1/invites/3/results/'
        ? json({
            invite: 3,
            title: 'Summer call',
            subtitle: '',
            background: '',
            statement: 'Bold and clear.',
            selected_at: null,
            entries: 12,
            jurors: 1,
            results: [
              {
                application: 1,
                title: 'Tide',
                cover: '',
                cropped_cover: '',
                artwork: 7,
                artist: { id: 5, username: 'bada', name: 'Bada', slug: 'bada', cropped_avatar: '' },
              },
            ],
          })
        : null,
    );
    renderApp('/goodluck/3/results/');
    expect(await screen.findByTestId('jury-statement', undefined, { timeout: 5000 })).toHaveTextContent('Bold and clear.');
    expect(screen.getByTestId('results-figures')).toHaveTextContent('1 selected from 12 entries · 1 juror');
    expect(screen.getByRole('link', { name: 'Bada' })).toHaveAttribute('href', '/bada/');
  }, 20_000);

  it('says the results are not out yet before the selection', async () => {
    stub((path) => (path === '/api/v1/invites/3/results/' ? json({ detail: 'The results have not been announced yet.' }, 403) : null));
    renderApp('/goodluck/3/results/');
    expect(await screen.findByRole('heading', { name: 'The results have not been announced yet.' }, { timeout: 5000 })).toBeInTheDocument();
  }, 20_000);
});
