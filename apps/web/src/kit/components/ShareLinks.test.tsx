import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { OriginContext } from '../../origin.ts';
import { SharePopover, SiteShareLinks } from './ShareLinks.tsx';

beforeAll(() => i18n.changeLanguage('en'));

describe('SharePopover (SPEC §2 Artwork card: share links)', () => {
  it('opens the links with absolute URLs of this site, copies the link and closes on Escape', async () => {
    const user = userEvent.setup();
    render(<SharePopover path="/artwork/12/" title="Harbour" imagePath="/media/artworks/a.jpg?w=960" />);
    const trigger = screen.getByTestId('share');
    expect(screen.queryByRole('link')).toBeNull();
    await user.click(trigger);
    const dialog = screen.getByRole('dialog');
    const page = encodeURIComponent(`${window.location.origin}/artwork/12/`);
    expect(within(dialog).getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${page}`);
    expect(within(dialog).getByRole('link', { name: 'Pinterest' }).getAttribute('href')).toContain(
      `&media=${encodeURIComponent(`${window.location.origin}/media/artworks/a.jpg?w=960`)}`,
    );
    await user.click(within(dialog).getByTestId('copy-link'));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/artwork/12/`);
    expect(within(dialog).getByTestId('copy-link')).toHaveTextContent('Link copied');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('links to the origin the server renderer was given (overlay and invite pages)', () => {
    const html = renderToString(
      <OriginContext value="https://axoo.example">
        <SiteShareLinks path="/goodluck/3/" title="Open call" />
      </OriginContext>,
    );
    expect(html).toContain(`https://twitter.com/intent/tweet?url=${encodeURIComponent('https://axoo.example/goodluck/3/')}&amp;text=Open%20call`);
  });
});
