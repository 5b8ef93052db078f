import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { answering as answerPath, renderApp } from '../../test/render.tsx';

/** Issue #17: the page the digest's links (and its one-click address opened in a browser) lead to; no login. */
beforeEach(async () => {
  await i18n.changeLanguage('en');
});

const answering = (status: number, body: unknown) => answerPath('/api/v1/notifications/unsubscribe/', status, body);

describe('the digest’s unsubscribe page (issue #17)', () => {
  it('stops one type and says which, once', async () => {
    const asked = answering(200, { type: 'follow' });
    renderApp('/notifications/unsubscribe/?u=7&type=follow&t=abc');
    expect(await screen.findByText('You will no longer get "New follower" e-mails.', {}, { timeout: 5000 })).toHaveAttribute('role', 'status');
    expect(asked).toEqual([{ user: 7, type: 'follow', token: 'abc' }]);
    expect(screen.getByRole('link', { name: 'Manage notification e-mails in your account' })).toHaveAttribute('href', '/accounts/');
  }, 20_000);

  it('stops every digest, in Korean', async () => {
    await i18n.changeLanguage('ko');
    answering(200, { type: 'all' });
    renderApp('/notifications/unsubscribe/?u=7&type=all&t=abc');
    expect(await screen.findByText(i18n.t('notifications:unsubscribe.doneAll'), {}, { timeout: 5000 })).toHaveAttribute('role', 'status');
    expect(i18n.t('notifications:unsubscribe.doneAll')).not.toBe('You will no longer get notification e-mails.');
  }, 20_000);

  it('says clearly that a refused link is not valid, and stays (no login page)', async () => {
    answering(403, { detail: 'This unsubscribe link is not valid.' });
    const { router } = renderApp('/notifications/unsubscribe/?u=7&type=all&t=forged');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('This unsubscribe link is not valid.');
    expect(router.state.location.pathname).toBe('/notifications/unsubscribe/');
  }, 20_000);

  it('does not even ask for a link cut short or naming no type, and says the same', async () => {
    const asked = answering(200, { type: 'all' });
    for (const path of [
      '/notifications/unsubscribe/?u=7&type=all',
      '/notifications/unsubscribe/?u=7&type=nope&t=abc',
      '/notifications/unsubscribe/?type=all&t=abc',
    ]) {
      const view = renderApp(path);
      expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('This unsubscribe link is not valid.');
      view.unmount();
    }
    expect(asked).toEqual([]);
  }, 20_000);
});
