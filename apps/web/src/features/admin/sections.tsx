import type { ReactNode } from 'react';
import { JobsSection } from './sections/JobsSection.tsx';
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

/** The console's own sections, in menu order; other features' sections are composed in by the routes (AdminPage `more`). */
export const adminSections: AdminSection[] = [
  { path: 'banners', labelKey: 'admin:sections.banners', element: <RecordsSection kind="banners" /> },
  { path: 'partners', labelKey: 'admin:sections.partners', element: <RecordsSection kind="partners" /> },
  { path: 'members', labelKey: 'admin:sections.members', element: <MembersSection /> },
  { path: 'lists', labelKey: 'admin:sections.lists', element: <ListsSection /> },
  { path: 'jobs', labelKey: 'admin:sections.jobs', element: <JobsSection /> },
];
