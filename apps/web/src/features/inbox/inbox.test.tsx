import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { MessageBody } from './components/MessageBody.tsx';

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
