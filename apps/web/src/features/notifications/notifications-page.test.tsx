import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { jsonResponse, renderApp, siteData, user } from '../../test/render.tsx';

/** Issue #29: a notices list whose answer failed says so and asks again; it never reads as "No notifications yet". */
beforeEach(async () => {
  await i18n.changeLanguage('ko');
});

const notice = {
  id: 9,
  ids: [9],
  type: 'collect',
  read: false,
  created: '2026-12-01T00:00:00.000Z',
  count: 1,
  actors: [{ id: 3, name: '수집가', slug: 'collector', cropped_avatar: '' }],
  artwork: { id: 4, title: '밤바다', cropped_cover: '' },
  invite: null,
  link: '/artwork/4/',
};

/** The list answers 503 until `healthy` is set, then one notice; every other request is empty. */
function listFailingUntilHealed() {
  const state = { healthy: false, asked: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (new URL(url, 'http://x').pathname !== '/api/v1/notifications/') return new Response(null, { status: 204 });
      state.asked++;
      return state.healthy ? jsonResponse({ count: 1, unread: 1, results: [notice] }) : jsonResponse({ detail: '잠시 후 다시 시도해 주세요.' }, 503);
    }),
  );
  return state;
}

describe('the notifications page when its list fails (issue #29)', () => {
  it('shows the failure and a retry instead of the empty state, then the notices once the retry works (ko)', async () => {
    const list = listFailingUntilHealed();
    renderApp('/notifications/', siteData({ user: user() }));
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent(i18n.t('error.generic'));
    expect(screen.queryByText(i18n.t('notifications:empty'))).toBeNull();
    list.healthy = true;
    await userEvent.click(screen.getByRole('button', { name: i18n.t('actions.retry') }));
    const shown = await screen.findAllByTestId('notice', {}, { timeout: 10_000 });
    expect(shown).toHaveLength(1);
    expect(shown[0]).toHaveTextContent('밤바다');
    expect(screen.queryByRole('alert')).toBeNull();
  }, 30_000);
});
