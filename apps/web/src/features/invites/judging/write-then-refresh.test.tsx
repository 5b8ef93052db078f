import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { type Judging, useJudging } from './api/judging.ts';
import { Jurors } from './components/Jurors.tsx';
import { CriterionForm } from './components/Rubric.tsx';

// Issue #16: a judging write clears its form the moment the server has it, before the refreshed list shows the new
// row; what the owner types next is never cleared by the write before it (CI: a second juror's address typed while the
// first one's list refreshed was wiped when the refresh came, and the second juror was never invited).

const judging = (over: Partial<Judging> = {}): Judging => ({
  invite: 3,
  title: 'Call',
  status: 'ongoing',
  scale: 10,
  reveal_names: false,
  locked: false,
  criteria: [],
  jurors: [],
  rounds: [],
  round: null,
  can_manage: true,
  juror: null,
  ...over,
});
const juror = (id: number, email: string) => ({
  id,
  invite: 3,
  email,
  name: null,
  status: 'invited' as const,
  created: '2026-12-07T00:00:00Z',
  scored: 0,
  total: 0,
});
const criterion = (id: number, name: string) => ({ id, invite: 3, name_ko: name, name_en: name, name, description: '', weight: 2, order: id });

let overview: Judging;
/** The refreshed overview waits for the test to let it through. */
let refresh: { release: () => void; asked: boolean };
let posted: { path: string; body: Record<string, unknown> }[];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  overview = judging();
  posted = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let first = true;
  refresh = { release, asked: false };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/api/v1/invites/3/jury/') {
        if (!first) {
          refresh.asked = true;
          await held;
        }
        first = false;
        return jsonResponse(overview);
      }
      if (init?.method === 'POST') {
        posted.push({ path, body: JSON.parse(String(init.body)) });
        if (path === '/api/v1/invite-jurors/') overview = judging({ jurors: [...overview.jurors, juror(posted.length, String(posted.at(-1)?.body.email))] });
        if (path === '/api/v1/invite-criteria/') overview = judging({ criteria: [criterion(posted.length, String(posted.at(-1)?.body.name_ko))] });
        return jsonResponse({ id: posted.length }, 201);
      }
      return jsonResponse({ detail: 'Not found.' }, 404);
    }),
  );
});

function Rendered({ children }: { children: (data: Judging) => ReactNode }) {
  const { data } = useJudging(3);
  return data ? children(data) : null;
}
function show(children: (data: Judging) => ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Suspense fallback={null}>
        <Rendered>{children}</Rendered>
      </Suspense>
    </QueryClientProvider>,
  );
}

describe('a judging form, written while its list refreshes (issue #16)', () => {
  it('the juror’s address is cleared when the server has it; the next one typed meanwhile stays', async () => {
    show((data) => <Jurors judging={data} />);
    const email = await screen.findByPlaceholderText('Juror’s e-mail');
    await userEvent.type(email, 'one@example.com');
    await userEvent.click(screen.getByTestId('invite-juror'));
    await waitFor(() => expect(refresh.asked).toBe(true));
    // The server has it; the list has not refreshed yet.
    expect(email).toHaveValue('');
    expect(screen.getByTestId('jurors')).not.toHaveTextContent('one@example.com');
    await userEvent.type(email, 'two@example.com');
    refresh.release();
    await waitFor(() => expect(screen.getByTestId('jurors')).toHaveTextContent('one@example.com'));
    expect(email).toHaveValue('two@example.com');
    expect(posted.map((p) => p.body.email)).toEqual(['one@example.com']);
  });

  it('a new criterion’s form is empty again when the server has it; the next name typed meanwhile stays', async () => {
    show(() => <CriterionForm invite={3} />);
    const ko = await screen.findByLabelText('Name (Korean)');
    await userEvent.type(ko, '구성');
    await userEvent.type(screen.getByLabelText('Name (English)'), 'Composition');
    await userEvent.click(screen.getByRole('button', { name: 'Add criterion' }));
    await waitFor(() => expect(refresh.asked).toBe(true));
    expect(ko).toHaveValue('');
    await userEvent.type(ko, '독창성');
    refresh.release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add criterion' })).toBeEnabled());
    expect(ko).toHaveValue('독창성');
    expect(posted.map((p) => p.body.name_ko)).toEqual(['구성']);
  });
});
