import type { ReactNode } from 'react';
import InvitesAdmin from '../invites/admin/InvitesAdmin.tsx';
import { ListsSection } from './sections/ListsSection.tsx';
import { MembersSection } from './sections/MembersSection.tsx';
import { RecordsSection } from './sections/RecordsSection.tsx';

export interface AdminSection {
  /** Path under /admin/, without slashes. */
  path: string;
  /** i18next key with its namespace, e.g. 'admin:sections.banners'. */
  labelKey: string;
  element: ReactNode;
}

/** The staff console's sections, in menu order. Another area adds its section with one line here. */
export const adminSections: AdminSection[] = [
  { path: 'banners', labelKey: 'admin:sections.banners', element: <RecordsSection kind="banners" /> },
  { path: 'partners', labelKey: 'admin:sections.partners', element: <RecordsSection kind="partners" /> },
  { path: 'members', labelKey: 'admin:sections.members', element: <MembersSection /> },
  { path: 'lists', labelKey: 'admin:sections.lists', element: <ListsSection /> },
  { path: 'invites', labelKey: 'invites:admin.title', element: <InvitesAdmin /> },
];
