import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrentUser } from '../site.ts';
import { avatarImage } from '../ui/avatar.ts';
import styles from './TopBar.module.css';

/** SPEC §2 Shell avatar menu: My {product}, Edit account, Help, Logout (a full page load). */
export default function UserMenu({ user, siteName }: { user: CurrentUser; siteName: string }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={styles.avatarButton} aria-label={user.name} data-testid="avatar-menu">
        <img {...avatarImage(user)} alt="" width={32} height={32} className={styles.avatar} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.dropdown} align="end" sideOffset={8}>
          <DropdownMenu.Item asChild>
            <Link to={`/${user.slug}/`}>{t('nav.my', { product: siteName })}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to={`/${user.slug}/insights/`}>{t('nav.insights')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/accounts/">{t('nav.editAccount')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/goodluck/mine/">{t('nav.myCalls')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/goodluck/jury/">{t('nav.myJuries')}</Link>
          </DropdownMenu.Item>
          {user.is_staff && (
            <DropdownMenu.Item asChild>
              <Link to="/admin/">{t('nav.staff')}</Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild>
            <Link to="/about/">{t('nav.help')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item asChild>
            {/* A full page load: the server ends the session (SPEC §2). */}
            <a href="/accounts/logout/">{t('nav.logout')}</a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
