import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { ContactForm } from './components/ContactForm.tsx';
import { MessageBody } from './components/MessageBody.tsx';
import { jsonResponse, renderApp, siteData, user } from '../../test/render.tsx';

beforeAll(() => i18n.changeLanguage('en'));

describe('MessageBody (issue #20: links in a first message are not clickable until the artist replies)', () => {
  const body = 'See https://brand.example/brief, and www text.\nSecond line <b>not html</b>';

  it('shows a link as plain text while links are not active', () => {
    const { container } = render(<MessageBody body={body} linksActive={false} />);
    expect(container.querySelector('a')).toBeNull();
    expect(screen.getByTestId('inactive-link')).toHaveTextContent('https://brand.example/brief');
    // The comma after the URL stays text; markup stays text.
    expect(container.textContent).toBe(body);
    expect(container.querySelector('b')).toBeNull();
  });

  it('makes the same link clickable once active, opening safely in a new tab', () => {
    render(<MessageBody body={body} linksActive />);
    const link = screen.getByRole('link', { name: 'https://brand.example/brief' });
    expect(link).toHaveAttribute('href', 'https://brand.example/brief');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(screen.queryByTestId('inactive-link')).toBeNull();
  });

  it('never makes a non-http scheme a link', () => {
    const { container } = render(<MessageBody body="javascript:alert(1) and ftp://x.example" linksActive />);
    expect(container.querySelector('a')).toBeNull();
  });
});

describe('the contact form’s messages stand next to their fields (issue #20)', () => {
  afterEach(() => i18n.changeLanguage('en'));
  const renderForm = () =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ContactForm artist={{ id: 5, name: 'Mina', slug: 'mina' }} artwork={{ id: 9, title: 'Blue wall' }} onClose={() => undefined} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  const answer = (status: number, body: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
    );

  it('says in Korean, under each empty required field, that it is required, without asking the server', async () => {
    await i18n.changeLanguage('ko');
    const asked = vi.fn();
    vi.stubGlobal('fetch', asked);
    renderForm();
    await userEvent.click(screen.getByTestId('contact-send'));
    const subject = screen.getByLabelText('제목');
    await waitFor(() => expect(subject).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById('contact-subject-error')).toHaveTextContent('필수 항목입니다.');
    expect(document.getElementById('contact-body-error')).toHaveTextContent('필수 항목입니다.');
    expect(asked).not.toHaveBeenCalled();
  });

  it('puts the server’s messages under their fields (the artwork’s under its box), and nothing above the buttons', async () => {
    answer(400, { body: ['Send this to one artist at a time.'], budget: ['Ensure this field has no more than 100 characters.'], artwork: ['Not this one.'] });
    renderForm();
    await userEvent.type(screen.getByLabelText('Subject'), 'A mural');
    await userEvent.type(screen.getByLabelText('Message'), 'Hello');
    await userEvent.click(screen.getByTestId('contact-send'));
    expect(await screen.findByText('Send this to one artist at a time.')).toHaveAttribute('id', 'contact-body-error');
    expect(screen.getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Ensure this field has no more than 100 characters.')).toHaveAttribute('id', 'contact-budget-error');
    expect(screen.getByText('Not this one.')).toHaveAttribute('id', 'contact-artwork-error');
    expect(screen.getByTestId('contact-about-artwork')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByTestId('contact-error')).toBeNull();
    // Issue #29.8: focus goes to the first invalid field on the page (the message), not to the server's first key.
    await waitFor(() => expect(screen.getByLabelText('Message')).toHaveFocus());
  });

  it('says a refusal that belongs to no field above the buttons', async () => {
    answer(403, { detail: 'You cannot write to this artist.' });
    renderForm();
    await userEvent.type(screen.getByLabelText('Subject'), 'A mural');
    await userEvent.type(screen.getByLabelText('Message'), 'Hello');
    await userEvent.click(screen.getByTestId('contact-send'));
    expect(await screen.findByTestId('contact-error')).toHaveTextContent('You cannot write to this artist.');
  });
});

describe('a message staff hid (issue #31)', () => {
  const message = (over: Record<string, unknown>) => ({
    id: 1,
    mine: false,
    body: '',
    links_active: false,
    reported: true,
    hidden: true,
    moderation_reason: '',
    created: new Date().toISOString(),
    ...over,
  });
  const thread = (messages: unknown[]) => ({
    id: 4,
    subject: 'Hi',
    role: 'artist',
    other: { id: 2, username: 'b', name: 'Brand', slug: 'brand', cropped_avatar: '' },
    artwork: null,
    budget: '',
    timeline: '',
    preview: '',
    unread: 0,
    archived: false,
    blocked: false,
    created: new Date().toISOString(),
    last_message_at: new Date().toISOString(),
    messages,
  });
  const serve = (body: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = new URL(url, 'http://x').pathname;
        if (path === '/api/v1/conversations/4/') return jsonResponse(body);
        return jsonResponse({ count: 0, next: null, previous: null, results: [] });
      }),
    );
  afterEach(() => i18n.changeLanguage('en'));

  it('the other person sees a placeholder and no report button (ko)', async () => {
    await i18n.changeLanguage('ko');
    serve(thread([message({})]));
    renderApp('/inbox/4/', siteData({ user: user({ id: 7 }) }));
    expect(await screen.findByTestId('message-hidden', {}, { timeout: 5000 })).toHaveTextContent('운영진이 숨긴 메시지입니다.');
    expect(screen.queryByTestId('report-button')).toBeNull();
  });

  it('its author reads the text and the reason', async () => {
    serve(thread([message({ mine: true, body: 'My words', moderation_reason: 'Insults' })]));
    renderApp('/inbox/4/', siteData({ user: user({ id: 7 }) }));
    expect(await screen.findByTestId('message-hidden-notice', {}, { timeout: 5000 })).toHaveTextContent(
      'Staff hid this message: the other person no longer sees it. Reason: Insults',
    );
    expect(screen.getByTestId('message')).toHaveTextContent('My words');
    expect(screen.queryByTestId('message-hidden')).toBeNull();
  });
});
