import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderApp } from '../../test/render.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 204 })),
  );
});

describe('about pages (SPEC §2 About pages)', () => {
  it.each(['/about/artists/', '/about/artists/unknown/', '/about/artists/benefits/extra/'])('sends %s to registration-process/', async (path) => {
    const { router } = renderApp(path);
    // The first test also waits for the lazily loaded about module.
    await waitFor(() => expect(router.state.location.pathname).toBe('/about/artists/registration-process/'), { timeout: 5000 });
    expect(await screen.findByRole('heading', { name: '멤버십 등록 절차' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('sends an unknown about path to the overview', async () => {
    const { router } = renderApp('/about/nothing-here/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/about/'));
    expect(await screen.findByRole('heading', { level: 1, name: '작가의 작업이 더 멀리 닿도록' })).toBeInTheDocument();
  });

  it('marks the current menu tab and artist tab with aria-current', async () => {
    renderApp('/about/artists/benefits/');
    const menu = await screen.findByRole('navigation', { name: '소개 메뉴' });
    expect(within(menu).getByRole('link', { name: 'Artists' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Contact' })).not.toHaveAttribute('aria-current');
    const tabs = screen.getByRole('navigation', { name: '아티스트 안내' });
    expect(within(tabs).getByRole('link', { name: 'Benefits' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Registration Process' })).not.toHaveAttribute('aria-current');
  });

  it('opens and closes the registration steps; the first starts open', async () => {
    const user = userEvent.setup();
    renderApp('/about/artists/registration-process/');
    const first = await screen.findByRole('button', { name: /^1 Registration/ });
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /신청서 작성하기/ })).toHaveAttribute('href', 'https://m.example');

    const judgement = screen.getByRole('button', { name: /^2 Judgement/ });
    expect(judgement).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/5~7일 걸리며/)).toBeNull();
    await user.click(judgement);
    expect(judgement).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/5~7일 걸리며/)).toBeInTheDocument();

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the step named by the URL hash', async () => {
    renderApp('/about/artists/registration-process/#membership');
    expect(await screen.findByRole('button', { name: /^\* Membership/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: '멤버십 혜택 보기' })).toHaveAttribute('href', '/about/artists/benefits/');
  });

  it('leads from the Membership step to Benefits', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/about/artists/registration-process/');
    await user.click(await screen.findByRole('button', { name: /^\* Membership/ }));
    await user.click(screen.getByRole('link', { name: '멤버십 혜택 보기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about/artists/benefits/'));
    expect(await screen.findByRole('heading', { name: '멤버십 혜택' })).toBeInTheDocument();
  });

  it('shows the contact e-mail address and business hours', async () => {
    renderApp('/about/contact/');
    expect(await screen.findByRole('link', { name: 'contact@axoo.kr' })).toHaveAttribute('href', 'mailto:contact@axoo.kr');
    expect(screen.getByText('평일 10:00 – 18:00 (한국 시간)')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /이 주제로 메일 쓰기/ })[0]).toHaveAttribute('href', expect.stringContaining('subject='));
  });
});

describe('about pages in English', () => {
  it('shows the English copy and the same menu', async () => {
    await i18n.changeLanguage('en');
    renderApp('/about/collectors/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Discover, collect and own the work you love' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Collectors' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: /Visit the edition store/ })).toHaveAttribute('href', 'https://e.example');
  });
});
