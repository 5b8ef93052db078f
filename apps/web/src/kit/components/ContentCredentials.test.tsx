import type { CredentialSummary } from '@axoo/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { jsonResponse } from '../../test/render.tsx';
import { ContentCredentials } from './ContentCredentials.tsx';

const summary = (o: Partial<CredentialSummary>): CredentialSummary => ({
  state: 'valid',
  signer: 'Lens Co Signer, Lens Co',
  issuer: 'Lens Co Root',
  generator: 'Lens Camera 2',
  authors: ['Min Seo'],
  actions: [{ action: 'c2pa.created', agent: 'Lens Camera 2', source: 'digitalCapture' }],
  ai: false,
  training: 'notAllowed',
  ingredients: 0,
  failures: [],
  ...o,
});

function show(images: { filename: string; credentials: CredentialSummary }[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ images })),
  );
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <ContentCredentials artworkId={7} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Content Credentials mark and panel (issue #35)', () => {
  beforeAll(() => i18n.changeLanguage('en'));

  it('shows nothing for an artwork whose images carried no manifest', async () => {
    const { container } = show([]);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v1/artworks/7/credentials/', expect.anything()));
    expect(container).toBeEmptyDOMElement();
  });

  it('opens a panel per image: signer, tool, actions, AI and training; an unknown signer and a changed image say so', async () => {
    show([
      { filename: 'a.jpg', credentials: summary({}) },
      {
        filename: 'b.jpg',
        credentials: summary({
          state: 'untrusted',
          signer: 'Nobody Inc',
          ai: true,
          actions: [{ action: 'c2pa.placed', agent: null, source: 'trainedAlgorithmicMedia' }],
        }),
      },
      { filename: 'c.jpg', credentials: summary({ state: 'changed', failures: ['assertion.dataHash.mismatch'] }) },
    ]);
    const mark = await screen.findByRole('button', { name: 'Content Credentials' });
    expect(mark).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(mark);
    expect(mark).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Content Credentials' });
    expect(panel).toHaveTextContent('Signed by Lens Co Signer, Lens Co; the image has not changed since.');
    expect(panel).toHaveTextContent('Created · Lens Camera 2');
    expect(panel).toHaveTextContent('Not allowed');
    expect(panel).toHaveTextContent('Nobody Inc (unknown signer)');
    expect(panel).toHaveTextContent('Placed another image');
    expect(panel).toHaveTextContent('Made with generative AI');
    expect(panel).toHaveTextContent('The image changed after signing');
  });

  it('reads in Korean', async () => {
    await i18n.changeLanguage('ko');
    show([{ filename: 'a.jpg', credentials: summary({ state: 'changed' }) }]);
    await userEvent.click(await screen.findByRole('button', { name: '콘텐츠 자격 증명' }));
    expect(screen.getByRole('region', { name: '콘텐츠 자격 증명' })).toHaveTextContent('서명 후 이미지가 바뀌었습니다.');
    await i18n.changeLanguage('en');
  });
});
