import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { ADMIN_PAGE_SIZE } from '../api/admin.ts';
import { PagedTable } from './PagedTable.tsx';

// The console's tables page with the kit's pager under their own labels (the admin namespace's `table.*`).
describe('PagedTable', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces('admin');
  });

  const table = (page: number, onPage = vi.fn()) =>
    render(
      <PagedTable
        head={
          <tr>
            <th>Name</th>
          </tr>
        }
        rows={
          <tr>
            <td>Row</td>
          </tr>
        }
        count={ADMIN_PAGE_SIZE * 2 + 1}
        page={page}
        onPage={onPage}
        loading={false}
        failed={false}
      />,
    );

  it('names the page among all and moves by one, each end closed', async () => {
    const onPage = vi.fn();
    const { unmount } = table(1, onPage);
    expect(screen.getByRole('navigation', { name: 'Page 1 of 3' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(2);
    unmount();
    table(3);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('has no pager for one page', () => {
    render(<PagedTable head={null} rows={null} count={1} page={1} onPage={vi.fn()} loading={false} failed={false} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
