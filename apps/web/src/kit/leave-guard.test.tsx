import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { UNSAFE_createMemoryHistory as createMemoryHistory, unstable_HistoryRouter as HistoryRouter, Link, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { guardHistory, useLeaveBlocker } from './leave-guard.ts';

function Guarded() {
  const [dirty, setDirty] = useState(true);
  const blocker = useLeaveBlocker((next) => dirty && next.pathname !== '/upload/');
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="state">{blocker.state}</p>
      <Link to="/gallery/all/">gallery</Link>
      <button type="button" onClick={() => navigate('/done/', { state: { force: true } })}>
        publish
      </button>
      <button type="button" onClick={() => navigate('/upload/?step=2')}>
        same page
      </button>
      <button type="button" onClick={() => setDirty(false)}>
        save
      </button>
      {blocker.state === 'blocked' && (
        <>
          <button type="button" onClick={blocker.proceed}>
            leave
          </button>
          <button type="button" onClick={blocker.reset}>
            stay
          </button>
        </>
      )}
    </>
  );
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function setup() {
  const history = guardHistory(createMemoryHistory({ initialEntries: ['/gallery/all/', '/upload/'], initialIndex: 1, v5Compat: true }));
  render(
    <HistoryRouter history={history}>
      <Where />
      {/* Only the upload page guards; elsewhere nothing holds. */}
      <Guard />
    </HistoryRouter>,
  );
  return history;
}

function Guard() {
  return useLocation().pathname === '/upload/' ? <Guarded /> : null;
}

const where = () => screen.getByTestId('where').textContent;
const click = (name: string) => act(() => screen.getByRole(name === 'gallery' ? 'link' : 'button', { name }).click());

describe('leave guard (SPEC §8, without the data router: issue #29.7)', () => {
  it('holds a link until the person answers: stay keeps the page, leave goes', () => {
    setup();
    click('gallery');
    expect(where()).toBe('/upload/');
    expect(screen.getByTestId('state').textContent).toBe('blocked');
    click('stay');
    expect(where()).toBe('/upload/');
    expect(screen.getByTestId('state').textContent).toBe('unblocked');
    click('gallery');
    click('leave');
    expect(where()).toBe('/gallery/all/');
  });

  it('lets through a change within the page, and everything once nothing is unsaved', () => {
    setup();
    click('same page');
    expect(where()).toBe('/upload/?step=2');
    click('save');
    click('gallery');
    expect(where()).toBe('/gallery/all/');
  });

  it('lets the forced navigation through', () => {
    setup();
    click('publish');
    expect(where()).toBe('/done/');
  });

  it('holds the back button: the address comes back, and leaving goes back for good', () => {
    const history = setup();
    act(() => history.go(-1));
    expect(where()).toBe('/upload/');
    expect(history.location.pathname).toBe('/upload/');
    expect(screen.getByTestId('state').textContent).toBe('blocked');
    click('leave');
    expect(where()).toBe('/gallery/all/');
    // Nothing guards the gallery: forward and back again pass.
    act(() => history.go(1));
    expect(where()).toBe('/upload/');
  });
});
